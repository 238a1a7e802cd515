import Foundation
import Testing

/// A plugin built against another build of the SDK runs in the `strata` built from HEAD with the same
/// output as one built against HEAD's SDK, on the command line and on a screen: the SDK's library evolution
/// at work. Two other SDKs:
///
/// - the last release of the current major: the newest `sdk-<major>.*` tag, checked out with `git worktree
///   add` into the test's folder (and removed afterwards). `git clone` copies tags, so CI's fresh clone has
///   it; a clone without it fails here, naming the tag to fetch. The plugin's source is what HEAD's
///   `plugins new` writes, so the scaffold must keep to what that release has.
/// - HEAD's Core in a scratch copy with an additive change: stored properties added first in the public
///   structs the scaffold plugin uses (`CommandArguments`, `RenderContext`, `TextFieldState`, `HelpItem`, and
///   `ListRow`), and a method added to each. It proves now what a later release will: without library
///   evolution the plugin would assume those structs' layout; built so (`STRATA_COMPAT_WITHOUT_EVOLUTION=1`
///   strips the flag from the scratch copy) it also expects symbols a resilient SDK doesn't export (such as
///   `Style.bold.unsafeMutableAddressor`), so `plugins verify` fails it and strata lists it incompatible: the
///   test fails, as checked once by hand.
///
/// Three `swift build`s of the scaffold (HEAD, the release, the scratch copy), about three minutes each on two
/// cores: one test.
@Suite(.serialized) struct SDKCompatibilityTests {
    /// The additive change, per file: after the line that opens the struct, new stored properties and a method.
    static let additions = [
        ("Sources/StrataPluginKit/CommandArguments.swift", "public struct CommandArguments: Sendable {"),
        ("Sources/StrataTerminal/Navigation/Screen.swift", "public struct HelpItem: Hashable, Sendable {"),
        ("Sources/StrataTerminal/Navigation/Screen.swift", "public struct RenderContext: Hashable, Sendable {"),
        ("Sources/StrataTerminal/Components/ListView.swift", "public struct ListRow: Hashable, Sendable {"),
        ("Sources/StrataTerminal/Components/TextFieldState.swift", "public struct TextFieldState: Hashable, Sendable {"),
    ]
    static let added = """

            public var addedFirstNumbers: [Int] = [7, 7, 7]
            public var addedFirstText: String = "added by a later SDK"
            public func addedMethod() -> Int { addedFirstNumbers.count + addedFirstText.utf8.count }

        """

    /// HEAD's Core (the SDK packages, without build folders) copied into `folder`, with the additions.
    static func scratchCore(in folder: URL) throws -> URL {
        let core = folder.appendingPathComponent("Core")
        let source = BuildProducts.repositoryRoot.appendingPathComponent("Core")
        try FileManager.default.createDirectory(at: core, withIntermediateDirectories: true)
        let copy = try run("/bin/sh", ["-c", "tar -C \"$0\" --exclude=.build --exclude=./Host --exclude=./HostMain -cf - . | tar -C \"$1\" -xf -",
                                       source.path, core.path])
        #expect(copy.status == 0, "\(copy.stderr)")
        for (file, opening) in additions {
            let url = core.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            let changed = text.replacingOccurrences(of: opening, with: opening + added)
            try #require(changed != text, "\(opening) is not in \(file): update the additions to the SDK's source")
            try changed.write(to: url, atomically: true, encoding: .utf8)
        }
        if ProcessInfo.processInfo.environment["STRATA_COMPAT_WITHOUT_EVOLUTION"] == "1" {
            for manifest in ["Package.swift", "Base/Package.swift", "URLSession/Package.swift"] {
                let url = core.appendingPathComponent(manifest)
                try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"-enable-library-evolution\", ", with: "")
                    .write(to: url, atomically: true, encoding: .utf8)
            }
        }
        return core
    }

    /// `strata plugins new Hello` against `core`, built; the folder holding its `libHelloPlugin.so`.
    static func buildHello(in sandbox: Sandbox, core: URL, folder: String) async throws -> URL {
        let parent = sandbox.root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let scaffold = try sandbox.strata(["plugins", "new", "Hello", "--path", parent.path, "--core", core.path])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        let package = parent.appendingPathComponent("Hello")
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_TESTS"] ?? "/usr/bin/env"
        let arguments = ["build", "--product", "HelloPlugin"]
        let build = try await launch(swift, swift.hasSuffix("env") ? ["swift"] + arguments : arguments, currentDirectory: package)
            .finished(timeout: 900)
        try #require(build.status == 0, "swift build of Hello against \(core.path) failed:\n\(build.stderr.suffix(3000))")
        let plugins = parent.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        chmod(parent.path, 0o755)
        chmod(plugins.path, 0o755)
        let library = plugins.appendingPathComponent("libHelloPlugin.so")
        try FileManager.default.copyItem(at: package.appendingPathComponent(".build/debug/libHelloPlugin.so"), to: library)
        chmod(library.path, 0o755)
        return plugins
    }

    /// What strata shows with the plugins in `plugins`: three command lines, and the Hello screen with a name typed.
    static func outputs(_ sandbox: Sandbox, plugins: URL) async throws -> [String] {
        // In process, as the compatibility in question is that of the plugin's binary with strata's SDK.
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(plugins.path)"], "features": {\#(Sandbox.inProcess("hello"))}}"#)
        var outputs: [String] = []
        for command in [["hello", "greet", "World"], ["hello", "greet", "Ada", "Lovelace", "--shout"], ["hello", "greet", "--help"]] {
            let result = try sandbox.strata(command)
            outputs.append("\(command.joined(separator: " ")) → \(result.status) \(result.signalled ? "signalled" : "")\n\(result.stdout)\(result.stderr)")
        }
        let verify = try sandbox.strata(["plugins", "verify", plugins.appendingPathComponent("libHelloPlugin.so").path])
        #expect(verify.status == 0, "\(verify.stdout)")

        let terminal = try TmuxTerminal()
        defer { terminal.close() }
        try await terminal.waitForShell()
        try terminal.type("clear; XDG_STATE_HOME=\(sandbox.state.path) \(BuildProducts.strata) --config \(sandbox.config.path) "
                          + "--data-dir \(sandbox.data.path); echo STRATA_EXIT=$?", enter: true)
        try await terminal.waitFor("the home screen") { $0.contains { $0.contains("Hello") } && $0.contains { $0.contains("q quit") } }
        try terminal.press("Enter")
        try await terminal.waitFor("Hello to open") { $0.contains { $0.contains("Who should be greeted?") } }
        try terminal.type("Grace")
        let screen = try await terminal.waitFor("the greeting") { $0.contains { $0.contains("Grace") && !$0.contains("Name:") } }
        outputs.append(screen.joined(separator: "\n"))
        try terminal.press("Escape")
        try terminal.type("q")
        try await terminal.waitFor("strata to exit") { $0.contains { $0.hasPrefix("STRATA_EXIT=") } }
        return outputs
    }

    /// The SDK version in `StrataABI.swift`, as `Scripts/sdk-abi` reads it.
    static func sdkVersion() throws -> String {
        let file = BuildProducts.repositoryRoot.appendingPathComponent("Core/Sources/StrataPluginKit/StrataABI.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let match = try #require(text.firstMatch(of: /sdkVersion: String \{ "([0-9]+\.[0-9]+\.[0-9]+)" \}/),
                                 "no sdkVersion in \(file.path)")
        return String(match.1)
    }

    /// The last release of the current SDK major (`sdk-1.*` for SDK 1.x): its newest tag, by version; or,
    /// in a clone that came without tags, the commit the newest `Core/ABI/<major>.*/RELEASE` names (each
    /// release's baseline records its commit, docs/sdk-releases.md), which any full clone of main holds.
    static func releaseTag() throws -> String {
        let major = try #require(try sdkVersion().split(separator: ".").first)
        let pattern = "sdk-\(major).*", root = BuildProducts.repositoryRoot.path
        let tags = try run("/usr/bin/env", ["git", "-C", root, "tag", "--list", pattern, "--sort=-v:refname"])
        try #require(tags.status == 0, "git tag --list failed: \(tags.stderr)")
        if let newest = tags.stdout.split(separator: "\n").first { return String(newest) }
        let baselines = try FileManager.default.contentsOfDirectory(atPath: "\(root)/Core/ABI")
            .filter { $0.hasPrefix("\(major).") }.sorted { $0.compare($1, options: .numeric) == .orderedDescending }
        for version in baselines {
            guard let text = try? String(contentsOfFile: "\(root)/Core/ABI/\(version)/RELEASE", encoding: .utf8),
                let commit = text.firstMatch(of: /commit ([0-9a-f]{40})/)?.1
            else { continue }
            let present = try run("/usr/bin/env", ["git", "-C", root, "cat-file", "-e", "\(commit)^{commit}"])
            try #require(present.status == 0, "SDK \(version)'s commit \(commit) is not in this clone: clone main with its history, or fetch the tags (git fetch --tags)")
            return String(commit)
        }
        return try #require(nil as String?, """
            no SDK release tag \(pattern) and no Core/ABI/\(major).*/RELEASE in \(root): each SDK release is tagged \
            and records its commit (docs/sdk-releases.md); fetch the tags (git fetch --tags) or clone the repository with them
            """)
    }

    /// Builds the scaffold against the SDK of release `tag`, checked out into a worktree that is removed again.
    static func buildHello(in sandbox: Sandbox, release tag: String) async throws -> URL {
        let root = BuildProducts.repositoryRoot.path
        let checkout = sandbox.root.appendingPathComponent("release")
        let add = try run("/usr/bin/env", ["git", "-C", root, "worktree", "add", "--detach", checkout.path, tag])
        try #require(add.status == 0, "git worktree add of \(tag) failed: \(add.stderr)")
        defer {
            _ = try? run("/usr/bin/env", ["git", "-C", root, "worktree", "remove", "--force", checkout.path])
        }
        return try await buildHello(in: sandbox, core: checkout.appendingPathComponent("Core"), folder: tag)
    }

    @Test(.timeLimit(.minutes(30)))
    func pluginsBuiltAgainstTheLastReleaseAndAnAdditiveChangeRunLikeOneBuiltAgainstHEAD() async throws {
        let sandbox = try Sandbox()
        let tag = try Self.releaseTag()
        // All built before strata is configured with any of them: `plugins new Hello` refuses a name in use.
        let head = try await Self.buildHello(in: sandbox, core: BuildProducts.repositoryRoot.appendingPathComponent("Core"), folder: "head")
        let others = [
            (tag, try await Self.buildHello(in: sandbox, release: tag)),
            ("an additive change", try await Self.buildHello(in: sandbox, core: Self.scratchCore(in: sandbox.root), folder: "other")),
        ]

        let expected = try await Self.outputs(sandbox, plugins: head)
        #expect(expected[0] == "hello greet World → 0 \nHello, World!\n")
        #expect(expected[1] == "hello greet Ada Lovelace --shout → 0 \nHELLO, ADA LOVELACE!\n")
        #expect(expected[3].contains("Hello, Grace!"), "\(expected[3])")
        for (sdk, plugins) in others {
            let found = try await Self.outputs(sandbox, plugins: plugins)
            for (line, (want, got)) in zip(expected, found).enumerated() {
                #expect(got == want, "output \(line) of the plugin built against \(sdk) differs from the one built against HEAD's SDK")
            }
        }
    }
}
