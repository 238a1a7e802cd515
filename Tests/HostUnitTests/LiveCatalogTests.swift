import Foundation
import Glibc
import Testing
@testable import StrataHost

/// The folders the app follows, read as changes: a file counts once it is whole, only the names a folder
/// asks for count, and a folder that doesn't exist yet is waited for through its parent.
@Suite struct FolderWatcherTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-watch-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// Everything the kernel has queued by now (it queues an event within the call that causes it).
    func queued(_ watcher: FolderWatcher) -> [String] { watcher.settledChanges(waitingUpTo: 0, quiet: 0) }

    static let plugins: @Sendable (String) -> Bool = { PluginDiscovery.pluginID(fromFileName: $0) != nil }

    @Test func aFileBeingWrittenCountsOnceItIsClosedAndOtherNamesDoNot() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let watcher = try FolderWatcher()
        watcher.watch([FolderWatcher.Folder(path: root.path, names: Self.plugins)])
        let path = root.appendingPathComponent("libHelloPlugin.so").path
        let file = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(file >= 0)
        #expect(write(file, "half", 4) == 4)
        #expect(queued(watcher).isEmpty, "a file being written is partly there")
        close(file)
        #expect(queued(watcher) == [path])
        try Data("notes".utf8).write(to: root.appendingPathComponent("notes.txt"))
        #expect(queued(watcher).isEmpty, "not a plugin's name")
        #expect(symlink(path, root.appendingPathComponent("libLinkedPlugin.so").path) == 0)
        #expect(queued(watcher) == [root.appendingPathComponent("libLinkedPlugin.so").path], "a link appears whole")
    }

    @Test func aFolderThatDoesNotExistYetIsWaitedForThroughItsParent() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let plugins = root.appendingPathComponent("lib/plugins")
        let folders = [FolderWatcher.Folder(path: plugins.path, names: Self.plugins)]
        let watcher = try FolderWatcher()
        watcher.watch(folders)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("other"), withIntermediateDirectories: false)
        #expect(queued(watcher).isEmpty, "only the next part of the path counts")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        #expect(queued(watcher) == [root.appendingPathComponent("lib").path])
        watcher.watch(folders)  // what the app does after each change
        try Data("elf".utf8).write(to: plugins.appendingPathComponent("libHelloPlugin.so"))
        #expect(queued(watcher) == [plugins.appendingPathComponent("libHelloPlugin.so").path])
        try FileManager.default.removeItem(at: plugins)
        #expect(queued(watcher).contains(plugins.path), "the folder going counts")
    }
}

/// What the app shows after the catalog is read again: as a fresh start would, but for code already in strata.
@Suite struct FeatureChangesTests {
    static func record(_ id: String, _ folder: String = "/home/ann/.local/lib/strata/plugins", state: PluginRecord.State = .enabled, inode: UInt = 1)
        -> PluginRecord
    {
        var status = stat()
        status.st_ino = inode
        return PluginRecord(id: id, path: "\(folder)/lib\(id.capitalized)Plugin.so", state: state, identity: FileIdentity(status))
    }

    func changes(shown: [PluginRecord], fresh: [PluginRecord], before: [PluginRecord]? = nil, running: [PluginRecord] = []) -> FeatureChanges {
        FeatureChanges(shown: shown, before: before ?? shown, fresh: fresh, running: running, configSource: "/c/strata.json", home: "/home/ann")
    }

    @Test func aNewPluginIsAddedFromItsFolderWrittenWithATilde() {
        let result = changes(shown: [Self.record("movies")], fresh: [Self.record("hello"), Self.record("movies")])
        #expect(result.records.map(\.id) == ["hello", "movies"])
        #expect(result.notice == "Added hello from ~/.local/lib/strata/plugins")
        #expect(result.gone.isEmpty)
    }

    @Test func aPluginDisabledOrRemovedGoesWithTheReasonItsScreenClosesFor() {
        let result = changes(shown: [Self.record("gpt"), Self.record("movies")], fresh: [Self.record("gpt", state: .disabled)])
        #expect(result.records.map(\.state) == [.disabled])
        #expect(result.gone == ["gpt": "it was disabled in /c/strata.json", "movies": "its library is gone from ~/.local/lib/strata/plugins"])
        #expect(result.notice == "movies was removed: its library is gone from ~/.local/lib/strata/plugins; gpt was disabled in /c/strata.json")
    }

    /// The line of a plugin whose open screen closed is left to the app, which says why it closed: before, the home
    /// screen read "Movies closed: it was disabled in …; Movies was disabled in …".
    @Test func aClosedPluginsOwnLineIsLeftOutOnceItsScreenSaysWhy() {
        let result = changes(shown: [Self.record("gpt"), Self.record("movies")], fresh: [Self.record("gpt", state: .disabled)])
        #expect(result.notice(except: "gpt") == "movies was removed: its library is gone from ~/.local/lib/strata/plugins")
        #expect(result.notice(except: "movies") == "gpt was disabled in /c/strata.json")
        #expect(changes(shown: [Self.record("gpt")], fresh: [Self.record("gpt", state: .disabled)]).notice(except: "gpt") == nil)
    }

    @Test func aSandboxedPluginsNewFileIsUpdatedAndAnInProcessOneWaitsForARestartOnce() {
        var loaded = Self.record("movies")
        loaded.state = .loaded
        let old = [Self.record("gpt"), Self.record("movies")], new = [Self.record("gpt", inode: 2), Self.record("movies", inode: 2)]
        let first = changes(shown: [Self.record("gpt"), loaded], fresh: new, before: old, running: [loaded])
        #expect(first.records.map(\.state) == [.enabled, .loaded], "the loaded code goes on")
        #expect(first.records[1].identity == loaded.identity)
        #expect(first.notice == "Updated gpt from ~/.local/lib/strata/plugins; movies changed: restart strata to use the new movies")
        let again = changes(shown: first.records, fresh: new, before: new, running: [loaded])
        #expect(again.notice == nil, "said once")
        #expect(again.records[1].state == .loaded)
    }

    @Test func aRunningPluginThatIsDisabledIsShownDisabled() {
        var loaded = Self.record("movies")
        loaded.state = .loaded
        let result = changes(shown: [loaded], fresh: [Self.record("movies", state: .disabled)], running: [loaded])
        #expect(result.records.map(\.state) == [.disabled])
        #expect(result.gone["movies"] != nil)
    }
}

/// The runner goes on with a catalog read again, keeping the code it loaded.
@Suite struct HostRunnerAdoptTests {
    @Test func anOpenedPluginKeepsItsRecordWhenItsFileChangesAndANewOneTakesItsNewRecord() throws {
        let sandbox = try HostPipelineSandbox()
        let runner = HostRunner(HostCatalog(try sandbox.context()))
        guard case .success(let loaded) = runner.loaded("healthy", fallback: "not loaded") else {
            Issue.record("Healthy did not load")
            return
        }
        // A new file at the same path, and a second plugin beside it.
        let library = sandbox.plugins.appendingPathComponent("libHealthyPlugin.so")
        let copy = sandbox.root.appendingPathComponent("copy.so")
        try FileManager.default.copyItem(at: library, to: copy)
        #expect(rename(copy.path, library.path) == 0)
        try FileManager.default.copyItem(at: library, to: sandbox.plugins.appendingPathComponent("libOtherPlugin.so"))
        let catalog = HostCatalog(try sandbox.context())
        #expect(catalog.records.first { $0.id == "healthy" }?.identity != loaded.identity)

        runner.adopt(catalog)
        let healthy = runner.records.first { $0.id == "healthy" }
        #expect(healthy?.state == .loaded && healthy?.identity == loaded.identity, "its code is still the one loaded")
        #expect(runner.openedRecords.map(\.id) == ["healthy"])
        #expect(runner.records.first { $0.id == "other" }?.identity == catalog.records.first { $0.id == "other" }?.identity)
        #expect(runner.catalog.plugins.entry("other") != nil)
    }
}

/// What the home screen shows of each plugin, before its first frame.
@Suite struct LiveCatalogFeaturesTests {
    /// A plugin that reaches beyond its folder but needs no approval (the config runs it inside strata, as a
    /// shipped plugin runs) is shown without its descriptor parsed: the first frame paid for parsing every
    /// shipped plugin's. Its library replaced after the catalog was read tells: a parse would find the new
    /// file and fail.
    @MainActor @Test func aPluginThatNeedsNoApprovalIsShownWithoutItsDescriptorParsed() throws {
        let sandbox = try HostPipelineSandbox(config: #"{"pluginDirectories": ["plugins"], "features": {"versioned": {"isolation": "none"}}}"#)
        try FileManager.default.removeItem(at: sandbox.plugins.appendingPathComponent("libHealthyPlugin.so"))
        let fixture = URL(fileURLWithPath: executableDirectory()).appendingPathComponent("libStrataFixtureVersionedOne.so")
        let library = sandbox.plugins.appendingPathComponent("libVersionedPlugin.so")
        try FileManager.default.copyItem(at: fixture, to: library)
        chmod(library.path, 0o755)
        // The catalog keeps only a file changed before the clock's current tick.
        var now = timespec(), start = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &start)
        while clock_gettime(CLOCK_REALTIME_COARSE, &now) == 0, now.tv_sec == start.tv_sec, now.tv_nsec == start.tv_nsec { usleep(1000) }
        _ = HostCatalog(try sandbox.context())  // reads the library and keeps the folder's catalog
        let catalog = HostCatalog(try sandbox.context())  // from the catalog: the descriptor would be read by path
        let entry = try #require(catalog.plugins.entry("versioned"))
        #expect(entry.facts?.reaches == true)
        let copy = sandbox.root.appendingPathComponent("copy.so")
        try FileManager.default.copyItem(at: library, to: copy)
        #expect(rename(copy.path, library.path) == 0)

        let features = LiveCatalog(runner: HostRunner(catalog)).features
        #expect(features.map(\.state) == [.available])
        #expect(entry.described?.failure == nil, "its descriptor was parsed: \(entry.described?.failure ?? "")")
    }
}
