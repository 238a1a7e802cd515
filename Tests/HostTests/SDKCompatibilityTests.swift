import Foundation
import StrataPluginKit
import Testing

/// A plugin built against another build of the SDK runs in the `strata` built from HEAD, in both isolations
/// (in strata's process and in a sandboxed helper), with the same output as one built against HEAD's SDK, on
/// the command line and on a screen: the SDK's library evolution at work. The other SDKs:
///
/// - every release of the current major (1.0.0, 1.1.0, 1.2.0 today): each baseline in `Core/ABI/<major>.*`
///   names one. Its `Core` is taken with `git archive` from its `sdk-<version>` tag or, in a clone without
///   tags (CI's), from the commit its `RELEASE` file names, into the test's folder; a clone with neither
///   fails the test, naming the release and what to fetch. The plugin's source is what HEAD's `plugins new`
///   writes, so the scaffold must keep to what the oldest release of the major has. Each such plugin also
///   passes `plugins verify --against <its release>`, and the release's SDK libraries export nothing its
///   baseline (`symbols.txt`) lacks.
/// - HEAD's Core in a scratch copy with an additive change: stored properties added first in the public
///   structs the scaffold plugin uses (`CommandArguments`, `RenderContext`, `TextFieldState`, `HelpItem`, and
///   `ListRow`), and a method added to each. It proves now what a later release will: without library
///   evolution the plugin would assume those structs' layout; built so (`STRATA_COMPAT_WITHOUT_EVOLUTION=1`
///   strips the flag from the scratch copy) it also expects symbols a resilient SDK doesn't export (such as
///   `Style.bold.unsafeMutableAddressor`), so `plugins verify` fails it and strata lists it incompatible: the
///   test fails, as checked once by hand.
///
/// One `swift build --product HelloPlugin` of the scaffold per SDK (HEAD, each release, the scratch copy),
/// each building only the SDK libraries the plugin links, in debug: about 40 s each on two idle cores. Each
/// build's time is printed as it ends. One test.
@Suite(.serialized) struct SDKCompatibilityTests {
    /// The additive change, per file: after the line that opens the struct, new stored properties and a method.
    static let additions = [
        ("Sources/StrataPluginKit/CommandArguments.swift", "public struct CommandArguments: Sendable, Equatable {"),
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

    /// `strata plugins new Hello` against `core` (the SDK `sdk`, in words), built; the folder holding its
    /// `libHelloPlugin.so`, beside the package `Hello`. Prints how long the build took.
    static func buildHello(in sandbox: Sandbox, core: URL, folder: String, sdk: String) async throws -> URL {
        let started = ContinuousClock.now
        let parent = sandbox.root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let scaffold = try sandbox.strata(["plugins", "new", "Hello", "--path", parent.path, "--core", core.path])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        let package = parent.appendingPathComponent("Hello")
        let build = try await sandbox.swift(["build", "--product", "HelloPlugin"], in: package)
        try #require(build.status == 0, "swift build of Hello against \(sdk) (\(core.path)) failed:\n\(build.stderr.suffix(3000))")
        let seconds = (ContinuousClock.now - started).components.seconds
        FileHandle.standardError.write(Data("SDKCompatibilityTests: built Hello against \(sdk) in \(seconds) s\n".utf8))
        let plugins = parent.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        chmod(parent.path, 0o755)
        chmod(plugins.path, 0o755)
        let library = plugins.appendingPathComponent("libHelloPlugin.so")
        try FileManager.default.copyItem(at: package.appendingPathComponent(".build/debug/libHelloPlugin.so"), to: library)
        chmod(library.path, 0o755)
        return plugins
    }

    /// What strata shows with the plugins in `plugins` run as `isolation` says: three command lines, and the
    /// Hello screen with a name typed.
    static func outputs(_ sandbox: Sandbox, plugins: URL, isolation: Isolation) async throws -> [String] {
        try sandbox.writeConfig(
            #"{"pluginDirectories": ["\#(plugins.path)"], "features": {"hello": {"isolation": "\#(isolation.rawValue)"}}}"#)
        if isolation == .process {
            // A drop-in with a screen that runs in a helper asks first, as its user would be asked.
            let allow = try sandbox.strata(["plugins", "allow", "hello", "--yes"])
            #expect(allow.status == 0, "\(allow.stdout)\(allow.stderr)")
        }
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

    /// A release of the SDK: its version and the git revision that holds its source.
    struct Release {
        let version: String
        let revision: String
    }

    /// Every release of the current SDK major (each `Core/ABI/<major>.*` baseline but HEAD's own), oldest
    /// first: from its tag `sdk-<version>`, or, in a clone that came without tags, the commit its `RELEASE`
    /// file names (docs/sdk-releases.md), which any full clone of main holds.
    static func releases() throws -> [Release] {
        let version = try sdkVersion(), root = BuildProducts.repositoryRoot.path
        let major = try #require(version.split(separator: ".").first)
        let baselines = try FileManager.default.contentsOfDirectory(atPath: "\(root)/Core/ABI")
            .filter { $0.hasPrefix("\(major).") }.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
        var releases: [Release] = []
        for release in baselines {
            let tag = try run("/usr/bin/env", ["git", "-C", root, "rev-parse", "-q", "--verify", "refs/tags/sdk-\(release)^{commit}"])
            if tag.status == 0 {
                releases.append(Release(version: release, revision: "sdk-\(release)"))
                continue
            }
            let text = try? String(contentsOfFile: "\(root)/Core/ABI/\(release)/RELEASE", encoding: .utf8)
            guard let commit = text?.firstMatch(of: /commit ([0-9a-f]{40})/)?.1 else {
                // The release being cut: its baseline is committed before its tag and RELEASE, and it is HEAD.
                if release == version { continue }
                return try #require(nil as [Release]?, """
                    SDK \(release) has neither the tag sdk-\(release) nor a commit in Core/ABI/\(release)/RELEASE: fetch the \
                    tags (git fetch --tags), or write its RELEASE (docs/sdk-releases.md, "Cutting a release")
                    """)
            }
            let present = try run("/usr/bin/env", ["git", "-C", root, "cat-file", "-e", "\(commit)^{commit}"])
            try #require(present.status == 0, "SDK \(release)'s commit \(commit) is not in this clone: clone main with its history, or fetch the tags (git fetch --tags)")
            releases.append(Release(version: release, revision: String(commit)))
        }
        try #require(!releases.isEmpty, "no release of SDK \(major).x in \(root)/Core/ABI: each release keeps its baseline there (docs/sdk-releases.md)")
        return releases
    }

    /// Builds the scaffold against the SDK of `release`, its `Core` taken with `git archive` into the sandbox.
    static func buildHello(in sandbox: Sandbox, release: Release) async throws -> URL {
        let folder = sandbox.root.appendingPathComponent("sdk-\(release.version)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let archive = try run("/bin/sh", ["-c", "git -C \"$0\" archive \"$1\" Core | tar -C \"$2\" -xf -",
                                          BuildProducts.repositoryRoot.path, release.revision, folder.path])
        try #require(archive.status == 0, "git archive of SDK \(release.version) (\(release.revision)) failed: \(archive.stderr)")
        return try await buildHello(in: sandbox, core: folder.appendingPathComponent("Core"), folder: release.version,
                                    sdk: "SDK \(release.version) (\(release.revision))")
    }

    /// The release's baseline lists every Swift symbol its SDK libraries (those the plugin's build made)
    /// export, and `plugins verify --against` it passes the plugin built against it.
    static func checkBaseline(of release: Release, plugins: URL, sandbox: Sandbox) throws {
        let baseline = BuildProducts.repositoryRoot.appendingPathComponent("Core/ABI/\(release.version)/symbols.txt")
        let listed = Set(try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init))
        let build = plugins.deletingLastPathComponent().appendingPathComponent("Hello/.build/debug")
        for library in ["StrataBase", "StrataPluginKit", "StrataTerminal"] {
            let exports = try LibrarySymbols.read(libraryAt: build.appendingPathComponent("lib\(library).so").path).exports
            let unlisted = exports.filter { $0.hasPrefix("$s") && !listed.contains($0) }
            #expect(unlisted.isEmpty, "SDK \(release.version)'s lib\(library).so exports \(unlisted.count) symbols its baseline lacks, such as \(unlisted.prefix(3)): write it again (Scripts/sdk-abi symbols \(release.version))")
        }
        let verify = try sandbox.strata(["plugins", "verify", plugins.appendingPathComponent("libHelloPlugin.so").path, "--against", release.version])
        #expect(verify.status == 0 && verify.stdout.contains("compatible with SDK \(release.version)"), "\(verify.stdout)\(verify.stderr)")
    }

    @Test(.timeLimit(.minutes(45)))
    func pluginsBuiltAgainstEveryReleaseAndAnAdditiveChangeRunLikeOneBuiltAgainstHEAD() async throws {
        let sandbox = try Sandbox()
        let releases = try Self.releases()
        // All built before strata is configured with any of them: `plugins new Hello` refuses a name in use.
        let head = try await Self.buildHello(in: sandbox, core: BuildProducts.repositoryRoot.appendingPathComponent("Core"), folder: "head", sdk: "HEAD's SDK")
        var others: [(sdk: String, plugins: URL)] = []
        for release in releases {
            others.append(("SDK \(release.version) (\(release.revision))", try await Self.buildHello(in: sandbox, release: release)))
        }
        others.append(("an additive change", try await Self.buildHello(in: sandbox, core: Self.scratchCore(in: sandbox.root), folder: "other", sdk: "an additive change")))

        for isolation in Isolation.allCases {
            let expected = try await Self.outputs(sandbox, plugins: head, isolation: isolation)
            #expect(expected[0] == "hello greet World → 0 \nHello, World!\n", "isolation \(isolation)")
            #expect(expected[1] == "hello greet Ada Lovelace --shout → 0 \nHELLO, ADA LOVELACE!\n", "isolation \(isolation)")
            #expect(expected[3].contains("Hello, Grace!"), "isolation \(isolation): \(expected[3])")
            for (sdk, plugins) in others {
                let found = try await Self.outputs(sandbox, plugins: plugins, isolation: isolation)
                for (line, (want, got)) in zip(expected, found).enumerated() {
                    #expect(got == want, "isolation \(isolation): output \(line) of the plugin built against \(sdk) differs from the one built against HEAD's SDK")
                }
            }
        }
        for (release, (_, plugins)) in zip(releases, others) {
            try Self.checkBaseline(of: release, plugins: plugins, sandbox: sandbox)
        }
    }
}
