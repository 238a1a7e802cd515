import Foundation
import StrataPluginKit
import Testing
@testable import StrataHost

/// The host's logic without a process: global options, where the config comes from, the order plugins
/// register in, and the host's own command declarations. (`Tests/HostTests` runs the real `strata` where a
/// process matters: dlopen, crashes, the terminal.)
@Suite struct HostOptionsTests {
    @Test func globalOptionsAreTakenFromAnywhereAndTheRestAreTheWords() throws {
        let options = try HostOptions.parse(["movies", "--config", "a.json", "search", "--data-dir=/d", "-v", "dune"])
        #expect(options.configPath == "a.json" && options.dataDirectory == "/d" && options.verbose)
        #expect(options.words == ["movies", "search", "dune"])
        let passThrough = try HostOptions.parse(["dev", "pkg", "--", "movies", "--config", "x"])
        #expect(passThrough.words == ["dev", "pkg", "--", "movies", "--config", "x"] && passThrough.configPath == nil,
                "after -- everything belongs to the command")
    }

    @Test func aPathOptionWithoutAPathIsAUsageError() {
        #expect(throws: HostUsageError(message: "--config needs a path")) { try HostOptions.parse(["--config"]) }
        #expect(throws: HostUsageError(message: "--data-dir is empty; give a path (`.` for the current folder)")) {
            try HostOptions.parse(["--data-dir="])
        }
    }
}

@Suite struct ConfigPrecedenceTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-config-\(UUID().uuidString)")

    func write(_ relative: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `--config`, then `$STRATA_CONFIG`, then an allowed `./strata.json`, then `$XDG_CONFIG_HOME/strata/strata.json`.
    @Test func theFirstConfigFoundWinsInItsOrder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let explicit = try write("explicit.json", #"{"dataDirectory": "/explicit"}"#)
        let fromEnvironment = try write("env.json", #"{"dataDirectory": "/env"}"#)
        _ = try write("home/strata/strata.json", #"{"dataDirectory": "/home"}"#)
        let local = try write("work/strata.json", #"{"dataDirectory": "/local"}"#)
        var environment = ["XDG_CONFIG_HOME": root.appendingPathComponent("home").path,
                           "XDG_STATE_HOME": root.appendingPathComponent("state").path, "HOME": root.path]
        let work = root.appendingPathComponent("work").path
        func source(_ explicitPath: String?) throws -> String {
            try ConfigLoader(explicitPath: explicitPath, environment: environment, currentDirectory: work).load().source
        }
        #expect(try source(nil) == root.appendingPathComponent("home/strata/strata.json").path,
                "a config in the current folder is passed over until it is allowed")
        _ = try ConfigAllowance(environment: environment).allow(local, contents: Data(contentsOf: URL(fileURLWithPath: local)))
        #expect(try source(nil) == local)
        environment["STRATA_CONFIG"] = fromEnvironment
        #expect(try source(nil) == fromEnvironment)
        #expect(try source(explicit) == explicit)
        #expect(throws: ConfigError.self) { try source(root.appendingPathComponent("missing.json").path) }
        environment = ["XDG_CONFIG_HOME": root.appendingPathComponent("nothing").path, "HOME": root.path,
                       "XDG_STATE_HOME": root.appendingPathComponent("state").path]
        // What a message says to set "in" the config names the file to create (before: "in built-in defaults").
        #expect(try ConfigLoader(explicitPath: nil, environment: environment, currentDirectory: root.path).load().source
            == root.appendingPathComponent("nothing/strata/strata.json").path + " (which doesn't exist yet)")
    }

    /// A config that is not a regular file is refused for what it is: a pipe read "Permission denied". One of
    /// more than 1 MiB is refused unread: it was read whole, however large.
    @Test func aConfigThatIsNoFileOfAConfigsSizeIsRefusedSayingWhy() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let large = try write("large.json", String(repeating: " ", count: ConfigLoader.sizeLimit) + "{}")
        let pipe = root.appendingPathComponent("pipe.json").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let environment = ["HOME": root.path, "XDG_STATE_HOME": root.appendingPathComponent("state").path]
        func failure(_ path: String) -> String {
            do {
                _ = try ConfigLoader(explicitPath: path, environment: environment, currentDirectory: root.path).load()
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(pipe).contains("it is not a regular file"), "\(failure(pipe))")
        #expect(failure(large).contains("more than the 1 MiB a config may hold"), "\(failure(large))")
        #expect(failure(root.appendingPathComponent("missing.json").path).contains("no such file"))
    }
}

@Suite struct DataDirectoryPrecedenceTests {
    /// `--data-dir`, then `$STRATA_DATA_DIR`, then the config's `dataDirectory` (relative to the config
    /// file), then `$XDG_DATA_HOME/strata`.
    @Test func theFirstDataFolderGivenWins() throws {
        var config = try ConfigLoader.parse(Data(#"{"dataDirectory": "data"}"#.utf8), path: "/etc/strata/strata.json")
        var environment = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada", "STRATA_DATA_DIR": "/from/env"]
        func folder(_ arguments: [String]) throws -> String {
            HostContext.dataDirectory(options: try HostOptions.parse(arguments), environment: environment, config: config).path
        }
        #expect(try folder(["--data-dir", "/given"]) == "/given")
        #expect(try folder([]) == "/from/env")
        environment["STRATA_DATA_DIR"] = nil
        #expect(try folder([]) == "/etc/strata/data", "relative to the config file, not to where strata runs")
        config.dataDirectory = "~/strata-data"
        #expect(try folder([]) == "/home/ada/strata-data")
        config.dataDirectory = nil
        #expect(try folder([]) == "/xdg/strata")
        environment["XDG_DATA_HOME"] = nil
        #expect(try folder([]) == "/home/ada/.local/share/strata")
    }
}

@Suite struct DependencyOrderTests {
    /// Runs the ordering over `graph` (id → its dependencies); `blocked` are ids that can never be met. As in
    /// the loader, a failed plugin is forgotten, dependencies and all.
    func run(_ graph: [String: [String]], blocked: Set<String> = [], failingToRegister: Set<String> = [])
        -> (registered: [String], failed: [String: String]) {
        var registered: [String] = [], failed: [String: String] = [:]
        var graph = graph
        DependencyOrder.register(Set(graph.keys), dependencies: { graph[$0] ?? [] },
                                 blockingReason: { dependency, pending in
                                     if pending.contains(dependency) { return nil }
                                     if blocked.contains(dependency) || failed[dependency] != nil { return "needs \(dependency)" }
                                     return registered.contains(dependency) ? nil : "no \(dependency)"
                                 },
                                 register: { id in
                                     if failingToRegister.contains(id) { failed[id] = "threw" } else { registered.append(id) }
                                 },
                                 fail: { failed[$0] = $1; graph[$0] = nil })
        return (registered, failed)
    }

    @Test func eachPluginRegistersAfterItsDependenciesAndTiesGoByID() {
        let outcome = run(["app": ["ui", "db"], "ui": ["core"], "db": ["core"], "core": []])
        #expect(outcome.registered == ["core", "db", "ui", "app"])
        #expect(outcome.failed.isEmpty)
    }

    @Test func aCycleIsReportedAsItsChainAndTheRestStillRegister() {
        let outcome = run(["a": ["b"], "b": ["c"], "c": ["a"], "d": []])
        #expect(outcome.registered == ["d"])
        #expect(outcome.failed["a"] == "dependency cycle: a → b → c → a")
        #expect(outcome.failed["b"] == "dependency cycle: b → c → a → b")
    }

    @Test func aMissingOrFailedDependencyFailsItsDependentsOnly() {
        let outcome = run(["app": ["gone"], "plain": []], blocked: ["gone"])
        #expect(outcome.registered == ["plain"] && outcome.failed["app"] == "needs gone")
        let threw = run(["base": [], "top": ["base"]], failingToRegister: ["base"])
        #expect(threw.registered.isEmpty && threw.failed == ["base": "threw", "top": "needs base"],
                "a dependency that threw while registering blocks what needs it")
    }
}

@Suite struct HostCommandDeclarationTests {
    @Test func theHostsCommandsAreDeclaredLikeAPluginsAndParsedTheSameWay() throws {
        #expect(HostCommand.all.allSatisfy { $0.spec.problem == nil })
        #expect(HostCommand.named(["plugins", "check"]).usage == "plugins check [--timeout SECONDS] [--json]")
        #expect(HostCommand.named(["config", "allow"]).usage == "config allow [PATH]")
        let parsed = try HostCommand.named(["plugins", "info"]).spec.parse(["gpt", "--json"])
        #expect(parsed.positionals == ["gpt"] && parsed.has("--json"))
        #expect(throws: CommandError.usage("missing ID")) { try HostCommand.named(["plugins", "info"]).spec.parse([]) }
        #expect(Set(HostCommand.all.map { $0.words[0] }) == HostCommand.groups.union(["dev"]))
    }

    /// commands.json is the one declaration: the table, the typed commands and their names all come from it.
    @Test func eachHostCommandIsReadThroughItsGeneratedType() throws {
        #expect(HostCommand.all.map(\.words) == DeclaredCommands.all.map(\.words))
        let check = PluginsCheckCommand(try HostCommand.named(PluginsCheckCommand.words).spec.parse(["--timeout", "2.5", "--json"]))
        #expect(check.timeout == 2.5 && check.json && PluginsCheckCommand.name(\.timeout) == "--timeout")
        // 1e300 s passed, and the probe's deadline trapped converting it to nanoseconds (SIGILL).
        #expect(throws: CommandError.usage("--timeout takes a number of at most 86400, not \"1e300\"")) {
            try HostCommand.named(PluginsCheckCommand.words).spec.parse(["--timeout", "1e300"])
        }
        let new = PluginsNewCommand(try HostCommand.named(PluginsNewCommand.words).spec.parse(["Hello", "--path=/tmp/x"]))
        #expect(new.name == "Hello" && new.path == "/tmp/x" && new.core == nil)
        let dev = DevCommand(try HostCommand.named(DevCommand.words).spec.parse(["pkg", "--", "movies", "search"]))
        #expect(dev.package == "pkg" && dev.command == ["movies", "search"])
        #expect(ConfigAllowCommand(try HostCommand.named(ConfigAllowCommand.words).spec.parse([])).path == nil)
        #expect(HostCommand.pluginID?.name == "ID" && HostCommand.shell?.name == "SHELL")
    }
}

@Suite struct ConfigEditorTests {
    /// The reader keeps the last copy of a repeated key; the editor changed the first, so `plugins disable`
    /// said "Disabled gpt" and gpt stayed enabled.
    @Test func aRepeatedKeyIsChangedWhereTheReaderLooks() throws {
        let texts = [
            #"{"features": {"gpt": {"enabled": true}, "gpt": {"enabled": true}}}"#,
            #"{"features": {"gpt": {"enabled": true, "enabled": true}}}"#,
            #"{"features": {"gpt": {"enabled": true}}, "features": {"gpt": {"enabled": true}}}"#,
            #"{"features": {}, "features": {"gpt": {}}}"#,
        ]
        for text in texts {
            var editor = ConfigEditor(Data(text.utf8))
            editor.setEnabled(false, for: "gpt")
            let config = try ConfigLoader.parse(Data(editor.bytes), path: "strata.json")
            #expect(!config.isEnabled("gpt"), "\(String(decoding: editor.bytes, as: UTF8.self))")
        }
    }

    /// A config that opens with a byte order mark loads, but `plugins disable gpt` refused it: "strata
    /// couldn't edit it safely; set it by hand". The mark and every other byte stay.
    @Test func aConfigOpeningWithAByteOrderMarkIsEdited() throws {
        let text = "\u{FEFF}{\r\n  \"features\": {\"gpt\": {\"enabled\": true}}\r\n}\r\n"
        var editor = ConfigEditor(Data(text.utf8))
        editor.setEnabled(false, for: "gpt")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == text.replacingOccurrences(of: "true", with: "false"))
        #expect(!(try ConfigLoader.parse(Data(editor.bytes), path: "strata.json")).isEnabled("gpt"))
        var added = ConfigEditor(Data("\u{FEFF}{}".utf8))
        added.setEnabled(false, for: "movies")
        #expect(!(try ConfigLoader.parse(Data(added.bytes), path: "strata.json")).isEnabled("movies"))
    }
}

@Suite struct StagedFileTests {
    /// The staging file was `.<name>.<pid>.new`, opened without O_EXCL and following links: whoever could
    /// write the config's folder planted a link there and had `plugins enable` overwrite a file of theirs
    /// choosing. A planted link under the old name, or any name, is never written through.
    @Test func aLinkPlantedAtTheStagingNameIsNotWrittenThrough() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-staged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim")
        try Data("precious".utf8).write(to: victim)
        let config = folder.appendingPathComponent("strata.json")
        try Data("{}".utf8).write(to: config)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(".strata.json.\(getpid()).new"), withDestinationURL: victim)

        try StagedFile.replace(config.path, with: Array(#"{"features": {}}"#.utf8))

        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOf: config, encoding: .utf8) == #"{"features": {}}"#)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".new") }
        #expect(left == [".strata.json.\(getpid()).new"], "only the planted link is left: \(left)")
    }
}

@Suite struct PluginFileTests {
    /// Pinned trust hashed the file by its path and `dlopen` opened the path later: a library renamed over
    /// it in between ran unpinned. Now the library is judged, hashed and loaded through one descriptor: here
    /// another library is renamed over the path after it was opened, and the judged one is what is mapped.
    @Test func theFileLoadedIsTheFileJudgedWhateverIsRenamedOverItsPath() throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-judged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("libHealthyPlugin.so").path
        try FileManager.default.copyItem(atPath: products.appendingPathComponent("libStrataFixtureHealthy.so").path, toPath: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        let judged = FileIdentity(status)
        let file = try PluginFile(path: path, judged: judged)
        let digest = file.digest()
        #expect(digest?.count == 64)

        let other = folder.appendingPathComponent("other.so").path
        try FileManager.default.copyItem(atPath: products.appendingPathComponent("libStrataFixtureDisagrees.so").path, toPath: other)
        #expect(rename(other, path) == 0)
        var replaced = stat()
        #expect(stat(path, &replaced) == 0)
        #expect(throws: PluginFailure.self, "opening the path again sees the replacement") { _ = try PluginFile(path: path, judged: judged) }
        #expect(file.digest() == digest)

        let library = try DynamicLibrary(file, temporaryFolder: folder.path)
        #expect(library.symbol("strata_plugin_entry") != nil)
        // Read to the end: /proc files report no size, and a read sized by it can stop early.
        let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        let mappedInodes = Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).first.flatMap { UInt64($0) }
        })
        #expect(mappedInodes.contains(judged.inode))
        #expect(!mappedInodes.contains(UInt64(replaced.st_ino)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["libHealthyPlugin.so"], "the folder made for loading is gone")
    }
}
