import Foundation
import Glibc
import StrataTesting
import Testing

/// Who may put code and settings in front of strata: a config in the current folder is used only once
/// allowed, a plugin file is loaded only if it and every folder above it are the user's or root's and
/// writable by nobody else, probes are bounded, and secrets are never shown. The tests that need a second
/// user run as root and give files to `nobody` (uid 65534).
@Suite struct TrustProcessTests {
    static let nobody: uid_t = 65534

    func strataInFolder(_ sandbox: Sandbox, _ arguments: [String]) throws -> ProcessResult {
        try strata(["--data-dir", sandbox.data.path] + arguments, environment: ["XDG_STATE_HOME": sandbox.state.path],
                   currentDirectory: sandbox.root)
    }

    @Test func aConfigInTheCurrentFolderIsPassedOverUntilAllowed() throws {
        let sandbox = try Sandbox.withHealthy()

        let before = try strataInFolder(sandbox, ["healthy", "ping"])
        #expect(before.status == 2, "the config naming the folder's plugins was not used, so `healthy` is unknown")
        #expect(before.stderr.contains("\(sandbox.config.path) was not used"), "\(before.stderr)")
        #expect(before.stderr.contains("run `strata config allow`"))

        let allow = try strataInFolder(sandbox, ["config", "allow"])
        #expect(allow.status == 0, "\(allow.stderr)")
        #expect(allow.stdout.contains("Allowed \(sandbox.config.path)"))
        let records = try FileManager.default.contentsOfDirectory(atPath: sandbox.state.appendingPathComponent("strata/allowed").path)
        let record = try String(contentsOfFile: sandbox.state.appendingPathComponent("strata/allowed/\(try #require(records.first))").path, encoding: .utf8)
        // The SHA-256 of the config's bytes, as `sha256sum` prints it.
        #expect(record == "e7526876f43659b29803ed6206671e89aab4b6af1325cef8a26b054c86c08936 \(sandbox.config.path)\n")

        let after = try strataInFolder(sandbox, ["healthy", "ping"])
        #expect(after.stdout == "pong (hello from healthy)\n", "\(after.stderr)")

        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins", "."]}"# + "\n")
        let changed = try strataInFolder(sandbox, ["healthy", "ping"])
        #expect(changed.status == 2)
        #expect(changed.stderr.contains("it changed since you allowed it"))

        #expect(try strataInFolder(sandbox, ["config", "allow"]).status == 0)
        #expect(try strataInFolder(sandbox, ["healthy", "ping"]).status == 0)
        let deny = try strataInFolder(sandbox, ["config", "deny"])
        #expect(deny.stdout.contains("is no longer allowed"))
        #expect(try strataInFolder(sandbox, ["healthy", "ping"]).status == 2)
    }

    /// An approved config covered only its own text: a library it loads, swapped later, ran without a new
    /// approval. The approval now covers the plugins the config loaded when it was approved.
    @Test func approvingAConfigCoversThePluginsItLoadsThen() throws {
        let sandbox = try Sandbox.withHealthy()
        let allow = try strataInFolder(sandbox, ["config", "allow"])
        #expect(allow.stdout.contains("with the plugins it loads now: healthy"), "\(allow.stdout)")
        #expect(try strataInFolder(sandbox, ["healthy", "ping"]).stdout == "pong (hello from healthy)\n")

        let library = sandbox.plugins.appendingPathComponent("libHealthyPlugin.so")
        var swapped = try Data(contentsOf: library)
        swapped.append(0)
        try FileManager.default.removeItem(at: library)
        try swapped.write(to: library)
        let refused = try strataInFolder(sandbox, ["healthy", "ping"])
        #expect(refused.status == 1 && !refused.stdout.contains("pong"), "\(refused.stdout)")
        #expect(refused.stderr.contains("changed since you approved \(sandbox.config.path)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("run `strata config allow` again"))

        #expect(try strataInFolder(sandbox, ["config", "allow"]).status == 0)
        #expect(try strataInFolder(sandbox, ["healthy", "ping"]).status == 0)
    }

    @Test func aConfigThatDoesNotParseCannotBeAllowed() throws {
        let sandbox = try Sandbox.withHealthy()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"],}"#)
        let allow = try strataInFolder(sandbox, ["config", "allow"])
        #expect(allow.status == 1)
        #expect(allow.stderr.contains("not allowed: the config \(sandbox.config.path) is not valid JSON"), "\(allow.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.state.appendingPathComponent("strata/allowed").path))
    }

    @Test func anExplicitConfigIsTrustedAsBefore() throws {
        let sandbox = try Sandbox.withHealthy()
        #expect(try sandbox.strata(["healthy", "ping"]).status == 0)
        let viaEnvironment = try strata(["--data-dir", sandbox.data.path, "healthy", "ping"],
                                        environment: ["STRATA_CONFIG": sandbox.config.path, "XDG_STATE_HOME": sandbox.state.path])
        #expect(viaEnvironment.status == 0)
    }

    // MARK: - Plugin files and the folders above them

    /// Runs `healthy ping` with a config naming `folder` as the plugin folder.
    func ping(pluginFolder folder: URL, in sandbox: Sandbox) throws -> ProcessResult {
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(folder.path)"]}"#)
        return try sandbox.strata(["healthy", "ping"])
    }

    func folder(_ url: URL, mode: mode_t, owner: uid_t = 0) throws -> URL {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(chmod(url.path, mode) == 0 && chown(url.path, owner, owner) == 0)
        return url
    }

    /// The plugin was refused because `folder`, on its way, is writable by others, and the fix was named.
    func expectRefused(_ result: ProcessResult, writable folder: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.stderr.contains("refused: \(folder.path) is writable by group or others"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Fix: chmod go-w \(folder.path)"), sourceLocation: sourceLocation)
    }

    func copyHealthy(to target: URL) throws {
        try FileManager.default.copyItem(at: BuildProducts.directory.appendingPathComponent("libStrataFixtureHealthy.so"), to: target)
        chmod(target.path, 0o755)
    }

    @Test func aPluginFileOwnedByAnotherUserIsRefused() throws {
        try #require(geteuid() == 0, "this attack needs a second user: run the tests as root")
        let sandbox = try Sandbox()
        let library = try sandbox.install(fixture: "Healthy", as: "Healthy")
        #expect(chown(library.path, Self.nobody, Self.nobody) == 0 && chmod(library.path, 0o644) == 0)
        let result = try ping(pluginFolder: sandbox.plugins, in: sandbox)
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused: \(library.path) belongs to user 'nobody' (uid 65534), not to you or root"), "\(result.stderr)")
        #expect(result.stderr.contains("Fix: copy the plugin into a folder of your own"))
        #expect(!result.stdout.contains("pong"))
    }

    @Test func aSymlinkIsJudgedByTheFolderItLeadsTo() throws {
        let sandbox = try Sandbox()
        let open = try folder(sandbox.root.appendingPathComponent("open"), mode: 0o777)
        let target = open.appendingPathComponent("libReal.so")
        try copyHealthy(to: target)
        try FileManager.default.createSymbolicLink(at: sandbox.plugins.appendingPathComponent("libHealthyPlugin.so"), withDestinationURL: target)
        expectRefused(try ping(pluginFolder: sandbox.plugins, in: sandbox), writable: open)
    }

    @Test func aSafePluginFolderInsideAWritableOneIsRefused() throws {
        let sandbox = try Sandbox()
        let open = try folder(sandbox.root.appendingPathComponent("open"), mode: 0o777)
        let plugins = try folder(open.appendingPathComponent("plugins"), mode: 0o755)
        try copyHealthy(to: plugins.appendingPathComponent("libHealthyPlugin.so"))
        expectRefused(try ping(pluginFolder: plugins, in: sandbox), writable: open)
    }

    @Test func aFolderAboveOwnedByAnotherUserIsRefused() throws {
        try #require(geteuid() == 0, "this attack needs a second user: run the tests as root")
        let sandbox = try Sandbox()
        let theirs = try folder(sandbox.root.appendingPathComponent("theirs"), mode: 0o755, owner: Self.nobody)
        let plugins = try folder(theirs.appendingPathComponent("plugins"), mode: 0o755)
        try copyHealthy(to: plugins.appendingPathComponent("libHealthyPlugin.so"))
        let result = try ping(pluginFolder: plugins, in: sandbox)
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused: \(theirs.path) belongs to user 'nobody' (uid 65534)"), "\(result.stderr)")
    }

    /// Like /tmp: others may write a sticky, root-owned folder but can't rename what they don't own, so a
    /// plugin folder of the user's inside it is safe; the shared folder itself is never a plugin folder.
    @Test func aStickyRootFolderIsSafeAboveButNeverAsThePluginFolder() throws {
        let sandbox = try Sandbox()
        let shared = try folder(sandbox.root.appendingPathComponent("shared"), mode: 0o1777)
        let plugins = try folder(shared.appendingPathComponent("plugins"), mode: 0o755)
        try copyHealthy(to: plugins.appendingPathComponent("libHealthyPlugin.so"))
        let inside = try ping(pluginFolder: plugins, in: sandbox)
        #expect(inside.stdout == "pong (hello from healthy)\n", "\(inside.stderr)")

        try FileManager.default.moveItem(at: plugins.appendingPathComponent("libHealthyPlugin.so"), to: shared.appendingPathComponent("libHealthyPlugin.so"))
        let asPluginFolder = try ping(pluginFolder: shared, in: sandbox)
        #expect(asPluginFolder.status == 1)
        #expect(asPluginFolder.stderr.contains("refused: the plugin folder \(shared.path) is shared"), "\(asPluginFolder.stderr)")
        #expect(!asPluginFolder.stderr.contains("chmod"), "never advise changing a shared folder such as /tmp")
    }

    /// A link in a shared plugin folder was judged only by where it led, so `nobody` could plant a link to a
    /// library of the victim's in a sticky or world-writable plugin folder and have it run.
    @Test func aLinkIsAlsoJudgedByTheFolderThatHoldsIt() throws {
        let sandbox = try Sandbox()
        let safe = try folder(sandbox.root.appendingPathComponent("safe"), mode: 0o755)
        try copyHealthy(to: safe.appendingPathComponent("libReal.so"))
        let shared = try folder(sandbox.root.appendingPathComponent("shared"), mode: 0o1777)
        let open = try folder(sandbox.root.appendingPathComponent("open"), mode: 0o777)
        for holder in [shared, open] {
            try FileManager.default.createSymbolicLink(at: holder.appendingPathComponent("libHealthyPlugin.so"),
                                                       withDestinationURL: safe.appendingPathComponent("libReal.so"))
        }
        let inShared = try ping(pluginFolder: shared, in: sandbox)
        #expect(inShared.status == 1 && !inShared.stdout.contains("pong"))
        #expect(inShared.stderr.contains("refused: the plugin folder \(shared.path) is shared"), "\(inShared.stderr)")
        expectRefused(try ping(pluginFolder: open, in: sandbox), writable: open)
    }

    /// A plugin that is a link to a device was refused with "chmod go-w /dev/zero", advice that would harm
    /// the system; it is not a regular file, and says so.
    @Test func aPluginThatIsNoRegularFileIsRefusedWithoutChmodAdvice() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createSymbolicLink(at: sandbox.plugins.appendingPathComponent("libHealthyPlugin.so"),
                                                   withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let result = try ping(pluginFolder: sandbox.plugins, in: sandbox)
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused: /dev/zero is not a regular file"), "\(result.stderr)")
        #expect(!result.stderr.contains("chmod"), "\(result.stderr)")
    }

    // MARK: - Strata's own records and data

    /// A pin record in a state folder that someone else can write was believed: they could have forged it.
    @Test func aPinInAFolderOthersCanWriteIsNotBelieved() throws {
        let sandbox = try Sandbox.withHealthy()
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "trust": "pinned"}"#)
        #expect(try sandbox.strata(["plugins", "trust", "healthy"]).status == 0)
        #expect(try sandbox.strata(["healthy", "ping"]).status == 0)
        let pinned = sandbox.state.appendingPathComponent("strata/pinned")
        #expect(chmod(pinned.path, 0o777) == 0)
        let forged = try sandbox.strata(["healthy", "ping"])
        #expect(forged.status == 1, "\(forged.stdout)")
        #expect(forged.stderr.contains("no digest is recorded"), "\(forged.stderr)")
    }

    /// Each plugin's data folder was made with the umask's mode (0755 here), so another user could read,
    /// for one, the gpt history. It is private (0700) now, and an older open one is narrowed.
    @Test func aPluginsDataFolderIsPrivate() throws {
        let sandbox = try Sandbox.withHealthy()
        let folder = sandbox.data.appendingPathComponent("healthy")
        func mode() throws -> Int { try ((FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]) as? Int) ?? -1 }
        #expect(try sandbox.strata(["healthy", "ping"]).status == 0)
        #expect(try mode() == 0o700)
        #expect(chmod(folder.path, 0o755) == 0)
        #expect(try sandbox.strata(["healthy", "ping"]).status == 0)
        #expect(try mode() == 0o700)
    }

    /// `STRATA_DEV_PLUGIN_DIR` turned pinned trust off for whatever folder it named; only `strata dev`'s own
    /// staging folder may stand in now.
    @Test func theDevelopmentFolderVariableIsNoWayAroundPinnedTrust() throws {
        let sandbox = try Sandbox()
        let elsewhere = try folder(sandbox.root.appendingPathComponent("elsewhere"), mode: 0o755)
        try copyHealthy(to: elsewhere.appendingPathComponent("libHealthyPlugin.so"))
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "trust": "pinned"}"#)
        let result = try sandbox.strata(["healthy", "ping"], environment: ["STRATA_DEV_PLUGIN_DIR": elsewhere.path])
        #expect(result.status != 0 && !result.stdout.contains("pong"), "\(result.stdout)")
        #expect(result.stderr.contains("STRATA_DEV_PLUGIN_DIR is set by `strata dev`"), "\(result.stderr)")
    }

    /// `plugins enable|disable` wrote the config through a link another user made, replacing the file it
    /// pointed to with the config's text.
    @Test func theConfigIsNeverWrittenThroughAnotherUsersLink() throws {
        try #require(geteuid() == 0, "this attack needs a second user: run the tests as root")
        let sandbox = try Sandbox.withHealthy()
        let real = sandbox.root.appendingPathComponent("real.json")
        try FileManager.default.moveItem(at: sandbox.config, to: real)
        try FileManager.default.createSymbolicLink(at: sandbox.config, withDestinationURL: real)
        #expect(lchown(sandbox.config.path, Self.nobody, Self.nobody) == 0)
        let before = try Data(contentsOf: real)
        let result = try sandbox.strata(["plugins", "disable", "healthy"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is a symbolic link made by user 'nobody'"), "\(result.stderr)")
        #expect(try Data(contentsOf: real) == before)
    }

    // MARK: - Names, probes, secrets

    @Test func plugingNewRefusesInstalledIdsAndClaimedWords() throws {
        let sandbox = try Sandbox()
        let clock = try strata(["plugins", "new", "Clock", "--path", sandbox.root.path])
        #expect(clock.status == 1)
        #expect(clock.stderr.contains("'clock' is a command word of plugin 'blocks'"), "\(clock.stderr)")
        let movies = try strata(["plugins", "new", "Movies", "--path", sandbox.root.path])
        #expect(movies.stderr.contains("a plugin with id 'movies' is already installed"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent("Clock").path))

        let nested = sandbox.root.appendingPathComponent("a/b")
        let hello = try strata(["plugins", "new", "Hello", "--path", nested.path])
        #expect(hello.status == 0, "\(hello.stderr)")
        #expect(hello.stdout.contains("Created the missing folders \(sandbox.root.path)/a, \(nested.path)."))
    }

    @Test(.timeLimit(.minutes(10)))
    func aProbeThatHangsIsKilledAtItsDeadline() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "HangsAtLoad", as: "Hangs")
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        // Probes that load the plugins in process: the drop-ins run there.
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {\#(Sandbox.inProcess("hangs", "healthy"))}}"#)
        let check = try sandbox.strata(["plugins", "check", "--json", "--timeout", "1"])
        #expect(check.status == 1)
        let rows = try decodeRows(check.stdout)
        #expect(rows["hangs"]?.state == "timed out")
        #expect(rows["hangs"]?.error?.contains("still loading after 1 s") == true)
        #expect(rows["healthy"]?.state == "loaded")
        let probes = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { pid -> String? in
            guard let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let text = String(decoding: cmdline, as: UTF8.self)
            return text.contains("__probe") && text.contains(sandbox.config.path) ? pid : nil
        }
        #expect(probes.isEmpty, "the hanging probe was left running: \(probes)")

        let bad = try sandbox.strata(["plugins", "check", "--timeout", "soon"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--timeout takes a number, not \"soon\""))
        let zero = try sandbox.strata(["plugins", "check", "--timeout", "0"])
        #expect(zero.status == 2 && zero.stderr.contains("--timeout needs a number of seconds above 0"))
        // A deadline past what a clock counts in nanoseconds trapped strata (SIGILL, 132) at the first probe.
        let huge = try sandbox.strata(["plugins", "check", "--timeout", "1e300"])
        #expect(huge.status == 2 && huge.stderr.contains("--timeout takes a number of at most 86400, not \"1e300\""), "\(huge.stderr)")
    }

    @Test func configCheckRedactsEverySecretByNameAndTheUserinfoOfURLs() throws {
        let sandbox = try Sandbox()
        let secrets = ["openaiKey", "secretKey", "api-key", "X-Api-Key", "privateKey", "bearer", "passwd", "pass", "auth"]
        var settings = secrets.enumerated().map { #""\#($1)": "hidden-\#($0)-value""# }
        settings.append(#""tokens": ["hidden-token-a", "hidden-token-b"]"#)
        settings.append(#""mirror": "https://alice:hidden-pw@example.org/v1""#)
        settings.append(#""apiKeyEnvironment": "OPENAI_API_KEY""#)
        try sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"gpt": {"settings": {"# + settings.joined(separator: ", ") + "}}}}")
        let check = try sandbox.strata(["config", "check"])
        #expect(!check.stdout.contains("hidden") && !check.stderr.contains("hidden"), "\(check.stdout)")
        #expect(check.stdout.contains(#""mirror" : "https://••••@example.org/v1""#))
        #expect(check.stdout.contains(#""apiKeyEnvironment" : "OPENAI_API_KEY""#), "a variable's name is not a secret")
    }

    /// A server that echoes the request's key in its error must not make strata print the key.
    @Test(.timeLimit(.minutes(10)))
    func aKeyEchoedByTheServerIsMasked() throws {
        let key = "sk-live-0123456789abcdef"
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions",
                     response: .json(#"{"error": {"message": "Incorrect API key provided: \#(key)", "type": "invalid_request_error"}}"#, status: 401))
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)"], "features": {"gpt": {"settings": {"#
                                + #""baseURL": "\#(server.url("/v1").absoluteString)"}}}}"#)
        let ask = try sandbox.strata(["gpt", "ask", "I missed the bus", "-v"], environment: ["OPENAI_API_KEY": key])
        #expect(ask.status == 1)
        #expect(!ask.stdout.contains(key) && !ask.stderr.contains(key), "\(ask.stderr)")
        #expect(ask.stderr.contains("Incorrect API key provided: ••••"), "\(ask.stderr)")
        #expect(ask.stderr.contains("config: \(sandbox.config.path)"), "paths are not secrets: \(ask.stderr)")
    }

    @Test func anEmptyDataFolderIsRefused() throws {
        let sandbox = try Sandbox()
        let result = try strata(["--data-dir", "", "blocks", "list"], currentDirectory: sandbox.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--data-dir is empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path) == ["plugins"], "nothing was written in the current folder")
    }

    @Test func theUsersOwnPluginFolderMissingIsNotWorthAWarning() throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(#"{"pluginDirectories": ["\#(BuildProducts.directory.path)", "~/.local/lib/strata/plugins"]}"#)
        let result = try sandbox.strata(["blocks", "list"], environment: ["HOME": sandbox.root.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("does not exist"), "\(result.stderr)")
    }
}
