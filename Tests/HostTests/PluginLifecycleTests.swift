import Foundation
import Glibc
import Testing

/// `strata plugins install | uninstall | enable | disable | info`, as a user runs them: the library lands in
/// the user's plugin folder, and the config keeps every byte the commands don't need to change.
@Suite struct PluginLifecycleTests {
    static let config = """
    {
      "pluginDirectories": ["~/.local/lib/strata/plugins"],
      "features": {
        "movies":   { "settings": { "source": "catalog" } }
      }
    }

    """

    /// A sandbox whose home is its own folder, so `~/.local/lib/strata/plugins` is inside it.
    struct Home {
        let sandbox: Sandbox
        var home: URL { sandbox.root.appendingPathComponent("home") }
        var userPlugins: URL { home.appendingPathComponent(".local/lib/strata/plugins") }

        init() throws {
            sandbox = try Sandbox()
            try sandbox.writeConfig(PluginLifecycleTests.config)
        }

        func strata(_ arguments: [String]) throws -> ProcessResult {
            try sandbox.strata(arguments, environment: ["HOME": home.path])
        }

        /// The fixture `name` copied under a plugin's file name, outside any plugin folder.
        func library(_ fixture: String, as fileName: String, patch: (Data) -> Data = { $0 }) throws -> URL {
            let source = BuildProducts.directory.appendingPathComponent("libStrataFixture\(fixture).so")
            let target = sandbox.root.appendingPathComponent(fileName)
            try patch(try Data(contentsOf: source)).write(to: target)
            return target
        }

        func states() throws -> [String: String] {
            try decodeRows(try strata(["plugins", "list", "--json"]).stdout).mapValues(\.state)
        }
    }

    /// The config may be a link into a dotfiles folder, and private (it can hold a key): disabling a plugin
    /// edits the file the link names, keeps the link, and keeps the file's permissions.
    @Test func disablingWritesThroughALinkAndKeepsThePermissions() throws {
        let sandbox = try Sandbox.withHealthy()
        let dotfiles = sandbox.root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let real = dotfiles.appendingPathComponent("strata.json")
        try FileManager.default.moveItem(at: sandbox.config, to: real)
        try FileManager.default.createSymbolicLink(at: sandbox.config, withDestinationURL: real)
        #expect(chmod(real.path, 0o600) == 0)

        let disable = try sandbox.strata(["plugins", "disable", "healthy"])

        #expect(disable.status == 0, "\(disable.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.config.path) == real.path)
        #expect(try String(contentsOf: real, encoding: .utf8).contains(#""healthy": {"enabled": false}"#))
        var status = stat()
        #expect(stat(real.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["strata.json"], "no staging file is left")
    }

    @Test func installDisableEnableUninstallKeepsTheRestOfTheConfig() throws {
        let home = try Home()
        let library = try home.library("Healthy", as: "libHealthyPlugin.so")

        let install = try home.strata(["plugins", "install", library.path])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = home.userPlugins.appendingPathComponent("libHealthyPlugin.so")
        #expect(install.stdout.contains("Installed Fixture Healthy 0.0.1 (id healthy) as \(installed.path)"))
        #expect(install.stdout.contains("No network access.\nReads no environment variables.\nNo files beyond its own data folder."),
                "install says what the plugin may reach: \(install.stdout)")
        #expect(install.stdout.contains("Runs in a sandboxed helper process") && install.stdout.contains("the default for a plugin that doesn't ship with strata"),
                "and where it runs: \(install.stdout)")
        #expect(try home.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n", "an installed plugin's commands work in its helper")
        let attributes = try FileManager.default.attributesOfItem(atPath: installed.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(try home.states()["healthy"] == "enabled")

        let disable = try home.strata(["plugins", "disable", "healthy"])
        #expect(disable.status == 0, "\(disable.stderr)")
        let disabledText = try String(contentsOf: home.sandbox.config, encoding: .utf8)
        #expect(disabledText == Self.config.replacingOccurrences(of: "\"movies\":", with: "\"healthy\": {\"enabled\": false},\n    \"movies\":"))
        #expect(try home.states()["healthy"] == "disabled")

        #expect(try home.strata(["plugins", "enable", "healthy"]).status == 0)
        let enabledText = try String(contentsOf: home.sandbox.config, encoding: .utf8)
        #expect(enabledText == disabledText.replacingOccurrences(of: "\"enabled\": false", with: "\"enabled\": true"))
        #expect(try home.states()["healthy"] == "enabled")

        let again = try home.strata(["plugins", "install", library.path])
        #expect(again.status == 1)
        #expect(again.stderr.contains("a plugin with id 'healthy' is already installed") && again.stderr.contains("--force"))
        #expect(try home.strata(["plugins", "install", library.path, "--force"]).status == 0)

        let uninstall = try home.strata(["plugins", "uninstall", "healthy"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: installed.path))
        #expect(try home.states()["healthy"] == nil)
    }

    @Test func eachBadInstallGetsItsOwnError() throws {
        let home = try Home()
        let missing = try home.strata(["plugins", "install", home.sandbox.root.appendingPathComponent("nope.so").path])
        #expect(missing.status == 1 && missing.stderr.contains("no such file or folder"))

        let badName = try home.library("Healthy", as: "healthy.so")
        let named = try home.strata(["plugins", "install", badName.path])
        #expect(named.status == 1 && named.stderr.contains("a plugin library is named lib<Name>Plugin.so"))

        // A pipe was read as an empty file: "not a Strata plugin: the library is truncated".
        let pipe = home.sandbox.root.appendingPathComponent("libPipePlugin.so")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        let piped = try home.strata(["plugins", "install", pipe.path])
        #expect(piped.status == 1 && piped.stderr.contains("it is not a regular file (a pipe, a device or a socket)"), "\(piped.stderr)")

        let text = home.sandbox.root.appendingPathComponent("libJunkPlugin.so")
        try Data("not a library".utf8).write(to: text)
        let junk = try home.strata(["plugins", "install", text.path])
        #expect(junk.status == 1 && junk.stderr.contains("not a Strata plugin"), "\(junk.stderr)")

        // The same library with its descriptor stamped for another SDK ABI (same length, one byte changed).
        let otherABI = try home.library("Healthy", as: "libHealthyPlugin.so") { data in
            var bytes = [UInt8](data)
            let stamp = Array("strata-sdk=".utf8)
            if let start = (0...(bytes.count - stamp.count)).first(where: { Array(bytes[$0..<($0 + stamp.count)]) == stamp }) {
                bytes[start + stamp.count] = UInt8(ascii: "9")
            }
            return Data(bytes)
        }
        let abi = try home.strata(["plugins", "install", otherABI.path])
        #expect(abi.status == 1 && abi.stderr.contains("built against Strata SDK 9.\(BuiltSDK.minorNumber); this strata has SDK \(BuiltSDK.minor): update strata"), "\(abi.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.userPlugins.path), "nothing was installed")
    }

    /// `swift build`'s output is passed on as it comes, but sanitized: a diagnostic quotes the package's
    /// source, which may hold escape sequences. A stand-in `swift` on PATH prints one (a window title and a
    /// red line) and fails.
    @Test func aPackageBuildsOutputReachesTheTerminalSanitized() throws {
        let home = try Home()
        let bin = home.sandbox.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let swift = bin.appendingPathComponent("swift")
        try Data("#!/bin/sh\nprintf 'Sources/A.swift:1:1: error: \\033]2;PWNED\\007\\033[31mboom\\033[0m\\n'\nprintf 'no line feed at the end \\033[2J'\nexit 1\n".utf8)
            .write(to: swift)
        chmod(swift.path, 0o755)
        let package = home.sandbox.root.appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.0\n".utf8).write(to: package.appendingPathComponent("Package.swift"))

        let result = try home.sandbox.strata(["plugins", "install", package.path],
                                             environment: ["HOME": home.home.path, "PATH": "\(bin.path):/usr/bin:/bin"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("This runs the package's Package.swift and build plugins as you"), "building runs the package's code: said before it runs")
        #expect(result.stderr.contains("error: boom"), "\(result.stderr)")
        #expect(result.stderr.contains("no line feed at the end"), "the last, unfinished line is passed on too")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr.debugDescription)")
        #expect(!FileManager.default.fileExists(atPath: home.userPlugins.path), "nothing was installed")
    }

    @Test func infoShowsTheDescriptorAndTheSettingsWithSecretsRedacted() throws {
        let home = try Home()
        try home.sandbox.install(fixture: "Healthy", as: "Healthy")
        try home.sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"settings": {"repeat": 2, "passphrase": "hunter2-secret"}}}}"#)

        let text = try home.strata(["plugins", "info", "healthy"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Fixture Healthy 0.0.1 (id healthy)"))
        #expect(text.stdout.contains("strata healthy ping"))
        #expect(text.stdout.contains("greeting") && text.stdout.contains("hello (default)"))
        #expect(!text.stdout.contains("hunter2"))

        let json = try home.strata(["plugins", "info", "healthy", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [[String: Any]])
        #expect(settings.first { $0["key"] as? String == "repeat" }?["value"] as? Int == 2)
        #expect(settings.first { $0["key"] as? String == "passphrase" }?["value"] as? String == "••••")
        #expect(!json.stdout.contains("hunter2"))

        let narrowed = #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process", "capabilities": {"network": ["evil.example"]}}}}"#
        try home.sandbox.writeConfig(narrowed)
        let capabilities = try home.strata(["plugins", "info", "healthy"])
        #expect(capabilities.stdout.contains("Capabilities:\n  No network access.\n  Reads no environment variables."), "\(capabilities.stdout)")
        #expect(capabilities.stdout.contains("The config names evil.example, which the plugin never declared"))
        #expect(capabilities.stdout.contains("Runs in a sandboxed helper process"))

        let unknown = try home.strata(["plugins", "info", "helthy"])
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean 'healthy'?"))
    }

    @Test func disablingWithoutAConfigCreatesTheUsersOwn() throws {
        let sandbox = try Sandbox()
        let xdg = sandbox.root.appendingPathComponent("xdg")
        let environment = ["XDG_CONFIG_HOME": xdg.path, "XDG_STATE_HOME": sandbox.state.path, "HOME": sandbox.root.path]
        let disable = try strata(["--data-dir", sandbox.data.path, "plugins", "disable", "gpt"], environment: environment, currentDirectory: sandbox.root)
        #expect(disable.status == 0, "\(disable.stderr)")
        let created = xdg.appendingPathComponent("strata/strata.json")
        #expect(try String(contentsOf: created, encoding: .utf8) == #"{"features": {"gpt": {"enabled": false}}}"# + "\n")
        let list = try strata(["--data-dir", sandbox.data.path, "plugins", "list", "--json"], environment: environment, currentDirectory: sandbox.root)
        #expect(try decodeRows(list.stdout)["gpt"]?.state == "disabled")
    }

    /// With `"trust": "pinned"` a file loads only while its SHA-256 is the recorded one.
    @Test func pinnedTrustRefusesAChangedFileUntilItIsTrustedAgain() throws {
        let home = try Home()
        let library = try home.sandbox.install(fixture: "Healthy", as: "Healthy")
        try home.sandbox.writeConfig(#"{"pluginDirectories": ["plugins"], "trust": "pinned"}"#)

        let unpinned = try home.strata(["healthy", "ping"])
        #expect(unpinned.status == 1 && unpinned.stderr.contains("no digest is recorded for \(library.path)"), "\(unpinned.stderr)")
        let trust = try home.strata(["plugins", "trust", "healthy"])
        #expect(trust.status == 0, "\(trust.stderr)")
        #expect(try home.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n")

        // One byte changed where the loader never looks: the compiler's name in the `.comment` section.
        var bytes = [UInt8](try Data(contentsOf: library))
        let marker = Array("clang version".utf8)
        let start = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        bytes[start] = UInt8(ascii: "C")
        try Data(bytes).write(to: library)

        let changed = try home.strata(["healthy", "ping"])
        #expect(changed.status == 1)
        #expect(changed.stderr.contains("\(library.path) changed: its SHA-256 is "), "\(changed.stderr)")
        #expect(changed.stderr.contains("was recorded") && changed.stderr.contains("strata plugins trust healthy"))
        let digests = changed.stderr.split(separator: " ").filter { $0.count >= 64 && $0.prefix(64).allSatisfy(\.isHexDigit) }
        #expect(Set(digests.map { $0.prefix(64) }).count == 2, "both digests are named: \(changed.stderr)")

        #expect(try home.strata(["plugins", "trust", "healthy"]).status == 0)
        #expect(try home.strata(["healthy", "ping"]).stdout == "pong (hello from healthy)\n")
    }

    @Test(.timeLimit(.minutes(10)))
    func timingsActivateEachPluginInAProbeAndListTheSlowestFirst() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "TrapsAtLoad", as: "Traps")
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        // Timings of activations in strata's own process (a probe's): the drop-ins run there, but hostile.
        try sandbox.writeConfig(
            #"{"pluginDirectories": ["plugins", "\#(BuildProducts.directory.path)"], "features": {"gpt": {"enabled": false}, \#(Sandbox.inProcess("healthy", "traps"))}}"#)

        let result = try sandbox.strata(["plugins", "list", "--timings", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONDecoder().decode([TimedRow].self, from: Data(result.stdout.utf8))
        let healthy = try #require(rows.first { $0.id == "healthy" }?.timings)
        #expect(healthy.read > 0 && healthy.load > 0 && healthy.register >= 0)
        #expect(rows.first { $0.id == "traps" }?.state == "crashed")
        #expect(rows.first { $0.id == "gpt" }?.timings == nil, "a disabled plugin is not loaded")
        let hostile = rows.first { $0.id == "hostile" }
        #expect(hostile?.state == "loaded" && hostile?.timings != nil, "a plugin that runs in a helper is timed there")
        let totals = rows.compactMap { $0.timings.map { $0.read + $0.load + $0.register } }
        #expect(totals.count == 5 && totals == totals.sorted(by: >), "blocks, movies, running, healthy and hostile, slowest first")

        let table = try sandbox.strata(["plugins", "list", "--timings"])
        #expect(table.stdout.contains("READ ms") && table.stdout.contains("REGISTER ms"))
    }

    /// #50 item 22: a plugin that runs in a sandboxed helper is timed in its helper, which measures loading
    /// and registering it and says so in its handshake (it was `-` in every column); one its helper can't
    /// register says why, without times.
    @Test(.timeLimit(.minutes(10)))
    func timingsTimeAPluginInItsSandboxedHelper() throws {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Healthy", as: "Healthy")
        try sandbox.install(fixture: "ThrowsAtRegistration", as: "Throws")
        try sandbox.writeConfig(
            #"{"pluginDirectories": ["plugins"], "features": {"healthy": {"isolation": "process"}, "throws": {"isolation": "process"}}}"#)

        let result = try sandbox.strata(["plugins", "list", "--timings", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try JSONDecoder().decode([TimedRow].self, from: Data(result.stdout.utf8))
        let healthy = try #require(rows.first { $0.id == "healthy" }, "\(result.stdout)")
        #expect(healthy.state == "loaded" && healthy.error == nil, "\(result.stdout)")
        let timings = try #require(healthy.timings, "\(result.stdout)")
        #expect(timings.read > 0 && timings.load > 0 && timings.register >= 0, "\(result.stdout)")
        let throwing = try #require(rows.first { $0.id == "throws" }, "\(result.stdout)")
        #expect(throwing.state == "failed" && throwing.timings == nil, "\(result.stdout)")
        #expect(throwing.error?.contains("failed to load in its helper") == true, "\(result.stdout)")

        let table = try sandbox.strata(["plugins", "list", "--timings"])
        let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("healthy ") }, "\(table.stdout)")
        #expect(!row.contains(" - ") && row.hasSuffix("ok"), "\(table.stdout)")
        #expect(table.stdout.contains("(its helper, for one that runs in a helper)"), "\(table.stdout)")
    }
}

/// A row of `plugins list --timings --json`.
private struct TimedRow: Decodable {
    struct Timings: Decodable { let read, load, register: Double }
    let id, state: String
    let error: String?
    let timings: Timings?
}
