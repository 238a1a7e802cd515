import Foundation
import StrataHosting
import StrataPluginKit
import StrataRuntime
import Testing
@testable import StrataHost

/// The stages of a `strata` run, each on its own: context → catalog → router (the runner has its own file).
@Suite struct HostContextTests {
    @Test func theConfigsFoldersAreTakenRelativeToTheConfigFileAndTheLogLevelFromTheOptions() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins", "/opt/more"], "dataDirectory": "data"}"#)
        let context = try sandbox.context()
        #expect(context.config.source == sandbox.config.path)
        #expect(context.pluginDirectories == [sandbox.plugins.path, "/opt/more"])
        #expect(context.dataDirectory.path == sandbox.root.appendingPathComponent("data").path)
        #expect(context.logger.level == .warning)
        #expect(try sandbox.context(["-v"]).logger.level == .debug)
        var quiet = sandbox.environment
        quiet["STRATA_LOG"] = "error"
        #expect(try HostContext.load(options: HostOptions.parse(["--config", sandbox.config.path]), environment: quiet).logger.level == .error)
    }

    @Test func aBrokenConfigStopsTheContext() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": "plugins"}"#)
        #expect(throws: ConfigError.self) { try sandbox.context() }
    }
}

@Suite struct HostCatalogTests {
    @Test func thePluginsOfTheConfiguredFoldersAreReadFromTheirDescriptors() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"helthy": {}, "healthy": {"settings": {"greting": "hi"}}}}"#)
        let catalog = HostCatalog(try sandbox.context())
        #expect(catalog.discovered.map(\.id) == ["healthy"])
        #expect(catalog.plugins.entry("healthy")?.descriptor?.commands.map(\.words) == [["healthy", "ping"]])
        #expect(catalog.records.map(\.state) == [.enabled], "no plugin code ran")
        #expect(catalog.declaredSecrets["healthy"] == ["passphrase"])
        #expect(catalog.warnings.contains { $0.contains("`features.helthy`") && $0.contains("did you mean 'healthy'?") })
        #expect(catalog.warnings.contains { $0.contains("greting") })
    }

    /// However many ways lead to a library (its folder named twice or through a link, a link to it met
    /// before or after the file itself), it is listed once, where it is.
    @Test func aLibraryReachedManyWaysIsListedOnce() throws {
        let sandbox = try HostPipelineSandbox(
            config: #"{"pluginDirectories": ["early", "plugins", "plugins", "alias", "late"], "features": {"healthy": {"isolation": "none"}}}"#)
        let library = sandbox.plugins.appendingPathComponent("libHealthyPlugin.so").path
        for folder in ["early", "late"] {
            let url = sandbox.root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            chmod(url.path, 0o755)
            #expect(symlink(library, url.appendingPathComponent("libHealthyPlugin.so").path) == 0)
        }
        #expect(symlink(sandbox.plugins.path, sandbox.root.appendingPathComponent("alias").path) == 0)
        for _ in 0..<2 {  // the first run builds the folders' catalogs, the second reads them
            let catalog = HostCatalog(try sandbox.context())
            #expect(catalog.discovered.map(\.id) == ["healthy"])
            #expect(catalog.discovered.map(\.path) == [realPath(library)])
            #expect(catalog.records.map(\.state) == [.enabled], "\(catalog.records.map(\.error))")
        }
    }

    /// Plugin files are taken in the order of their names as strings, whether names differ early, late
    /// (past the 16 bytes discovery compares as integers) or only in case or length.
    @Test func pluginFilesAreInTheOrderOfTheirNames() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("aAbBzZ019")
        var ids = ["a", "A", "ab", "aB", "Ab", "b", "0", "9z", "VeryLongPluginNameSharingItsStartA", "VeryLongPluginNameSharingItsStartB",
                   "VeryLongPluginNameSharingItsStart", "VeryLongPluginNameS", "VeryLongPluginName", "VeryLongPluginNam"]
        for _ in 0..<300 {
            let length = Int.random(in: 1...30, using: &generator)
            ids.append(String((0..<length).map { _ in letters.randomElement(using: &generator)! }))
        }
        let candidates = ids.shuffled(using: &generator).map { (id: $0.lowercased(), name: "lib\($0)Plugin.so") }
        #expect(PluginDiscovery.sortedByName(candidates).map(\.name) == candidates.map(\.name).sorted())
    }

    /// Discovery's own sort gives the standard library's order, equal items in the order they came, at every
    /// count (runs that pair up and runs left over).
    @Test func theMergeSortIsStable() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 20, 21, 64, 65, 333] {
            let keys = (0..<count).map { _ in Int.random(in: 0..<10, using: &generator) }
            let sorted = PluginDiscovery.mergeSorted(Array(keys.indices)) { keys[$0] < keys[$1] }
            #expect(sorted == keys.indices.sorted { keys[$0] < keys[$1] }, "\(count)")
        }
    }

    /// A plugin folder is listed with `readdir` (``folderNames(_:limit:)``): every name, a non-ASCII one and one
    /// of 255 bytes included, but `.` and `..`, and none for a folder that isn't there or is a file.
    @Test func aFoldersNamesAreEveryEntryButItselfAndItsParent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["libAPlugin.so", "notes.txt", "Blöcke", String(repeating: "n", count: 255), ".hidden", "sub"]
        for name in names.dropLast() { try Data().write(to: folder.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        #expect(try folderNames(folder.path).sorted() == names.sorted())
        let missing = folder.appendingPathComponent("missing").path, file = folder.appendingPathComponent("notes.txt").path
        #expect(throws: FolderListingFailure(path: missing, reason: .unreadable(ENOENT))) { try folderNames(missing) }
        #expect(throws: FolderListingFailure(path: file, reason: .unreadable(ENOTDIR))) { try folderNames(file) }
    }

    /// A folder of exactly `limit` names is listed whole (`.` and `..` are no names); of one more, none is
    /// listed, and the failure says why in words.
    @Test func aFolderOfTheLimitIsListedWholeAndOfOneMoreNotAtAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a", "b", "c"] { try Data().write(to: folder.appendingPathComponent(name)) }
        #expect(try folderNames(folder.path, limit: 3).sorted() == ["a", "b", "c"])
        let tooBig = FolderListingFailure(path: folder.path, reason: .tooBig(limit: 2))
        #expect(throws: tooBig) { try folderNames(folder.path, limit: 2) }
        #expect(tooBig.description == "\(folder.path) holds more than 2 entries, more than strata lists")
    }

    @Test func underPinnedTrustAnUnpinnedLibraryFails() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "trust": "pinned"}"#)
        let catalog = HostCatalog(try sandbox.context())
        #expect(catalog.pins != nil)
        #expect(catalog.records.map(\.state) == [.failed])
        #expect(catalog.records.first?.error != nil)
    }
}

@Suite struct HostRouterTests {
    let sandbox: HostPipelineSandbox
    let router: HostRouter

    init() throws {
        sandbox = try HostPipelineSandbox()
        let catalog = HostCatalog(try sandbox.context())
        router = HostRouter(catalog: catalog.plugins, records: catalog.records, configSource: catalog.context.config.source)
    }

    @Test func noWordsOpenTheAppOnATerminalAndTheHelpElsewhere() {
        guard case .interactive = router.route([], interactive: true) else { Issue.record("no app"); return }
        guard case .overview(status: true) = router.route([], interactive: false) else { Issue.record("no status"); return }
        guard case .overview(status: false) = router.route(["help"], interactive: true) else { Issue.record("no help"); return }
        guard case .probe("healthy") = router.route(["__probe", "healthy"], interactive: false) else { Issue.record("no probe"); return }
    }

    @Test func aHostCommandIsParsedWithItsDeclaration() {
        guard case .host(let command, let arguments) = router.route(["plugins", "info", "healthy", "--json"], interactive: false) else {
            Issue.record("not a host command")
            return
        }
        #expect(command.words == ["plugins", "info"] && arguments.positionals == ["healthy"] && arguments.has("--json"))
        guard case .fail(let message, code: 2) = router.route(["plugins", "info"], interactive: false) else {
            Issue.record("a missing ID is no usage error")
            return
        }
        #expect(message.hasSuffix("Usage: strata plugins info ID [--json]"))
        guard case .show(let help) = router.route(["plugins"], interactive: false) else { Issue.record("no group help"); return }
        #expect(help.hasPrefix("Commands of `strata plugins`:"))
    }

    @Test func aPluginCommandGoesToTheRunnerWithTheWordsAfterItsPath() {
        guard case .plugin(let request) = router.route(["healthy", "ping", "extra"], interactive: false) else {
            Issue.record("not routed to the plugin")
            return
        }
        #expect(request.pluginID == "healthy" && request.declared.words == ["healthy", "ping"] && request.arguments == ["extra"])
        guard case .show(let help) = router.route(["healthy", "ping", "--help"], interactive: false) else {
            Issue.record("help loaded the plugin")
            return
        }
        #expect(help.contains("Answer pong"))
    }

    @Test func unknownWordsFailWithASuggestion() {
        guard case .fail(let message, code: 2) = router.route(["helthy"], interactive: false) else { Issue.record("no error"); return }
        #expect(message == "unknown command 'helthy'. Did you mean 'healthy'? Run `strata --help` for the commands.")
        guard case .fail(let group, code: 2) = router.route(["healthy", "pong"], interactive: false) else { Issue.record("no error"); return }
        #expect(group.hasPrefix("unknown command 'healthy pong'.\nCommands of `strata healthy`:"))
        guard case .fail(let reserved, code: 2) = router.route(["version"], interactive: false) else { Issue.record("no error"); return }
        #expect(reserved == "unknown command 'version'. Run `strata --help`.")
    }

    /// `strata help helthy` is `strata helthy --help`, and was refused as "unknown command 'helthy --help'".
    @Test func anUnknownCommandAskedForHelpIsNamedAsTyped() {
        guard case .fail(let message, code: 2) = router.route(["help", "helthy"], interactive: false) else { Issue.record("no error"); return }
        #expect(message == "unknown command 'helthy'. Did you mean 'healthy'? Run `strata --help` for the commands.")
        guard case .fail(let reserved, code: 2) = router.route(["help", "version"], interactive: false) else { Issue.record("no error"); return }
        #expect(reserved == "unknown command 'version'. Run `strata --help`.")
    }

    @Test func aDisabledFeatureIsRefusedBeforeItsCodeLoads() throws {
        try Data(#"{"pluginDirectories": ["plugins"], "features": {"healthy": {"enabled": false}}}"#.utf8).write(to: sandbox.config)
        let catalog = HostCatalog(try sandbox.context())
        let router = HostRouter(catalog: catalog.plugins, records: catalog.records, configSource: catalog.context.config.source)
        guard case .fail(let message, code: 1) = router.route(["healthy", "ping"], interactive: false) else {
            Issue.record("not refused")
            return
        }
        #expect(message == "feature 'healthy' is disabled in \(sandbox.config.path). Run `strata plugins enable healthy` to use it.")
    }
}

/// The environment `strata` starts with, read by bytes (``ProcessEnvironment``).
@Suite struct ProcessEnvironmentTests {
    @Test func itIsWhatProcessInfoReads() {
        #expect(ProcessEnvironment.current == ProcessInfo.processInfo.environment)
    }

    /// Split at the first `=` byte as `getenv` does (also where a combining mark follows it, which
    /// `ProcessInfo` passes over); the last of a name wins, an entry without `=` is left out.
    @Test func eachEntryIsSplitAtItsFirstEqualsSign() {
        let entries: [[UInt8]] = [
            Array("A=1".utf8), Array("A=2".utf8), Array("NOEQ".utf8), Array("B=x=y".utf8), Array("C=".utf8), Array("=z".utf8),
            Array("E=\u{301}x".utf8), [UInt8(ascii: "F"), UInt8(ascii: "="), 0xFF],
        ]
        let copies: [UnsafeMutablePointer<CChar>?] = entries.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { copies.forEach { $0?.deallocate() } }
        var list = copies
        let variables = list.withUnsafeMutableBufferPointer { ProcessEnvironment.variables($0.baseAddress!) }
        #expect(variables == ["A": "2", "B": "x=y", "C": "", "": "z", "E": "\u{301}x", "F": "\u{FFFD}"])
    }
}
