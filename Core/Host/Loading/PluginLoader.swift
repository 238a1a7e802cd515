import FoundationEssentials
import StrataDI
import StrataHostKit
import StrataPluginKit
import StrataRuntime

/// Activates plugins into one container when they are first used: `dlopen`, ABI check, entry point,
/// agreement with the descriptor, dependency order, registration. What the descriptors say is known before
/// (``PluginCatalog``); a plugin that fails in any way is recorded as failed and the others go on. A
/// disabled plugin's library is never opened.
final class PluginLoader {
    private(set) var config: StrataConfig
    let container: Container
    private(set) var dataDirectory: URL
    let crashes: URL
    /// Under pinned trust, the recorded digests every library must match when it is loaded.
    private(set) var pins: PluginPins?
    let logger: Logger
    /// Where each library's load link is made (a helper process sets its data folder: it may write nowhere else).
    var temporaryFolder = "/tmp"
    /// In a helper under pins, the digest strata checked for its plugin: the library the helper opens (by the
    /// same path, later) must still have it.
    var checkedDigests: [String: String] = [:]
    private(set) var records: [PluginRecord]
    private(set) var routes: [RoutedCommand] = []
    private var plugins: [String: any FeaturePlugin] = [:]
    /// The plugins whose library this process has opened, loaded or failed after: their code stays mapped
    /// (it is never unloaded), so they keep their records when the catalog is read again (``adopt(_:config:pins:dataDirectory:)``).
    private(set) var opened: Set<String> = []
    /// The plugin whose "activating" entry is in the journal now. It stays from the library's open to the end
    /// of its registration when no other plugin's code runs between (the usual activation of one plugin):
    /// one entry written and removed, not two.
    private var journaled: String?

    /// Top-level words the host keeps for itself.
    static let reservedWords: Set<String> = HostCommand.groups.union(["help", "version", "__probe", "__helper-sandboxed", "__complete"])

    /// - Parameter records: each plugin as the catalog and the config say, before any is activated
    ///   (``records(_:config:)``).
    init(
        records: [PluginRecord], config: StrataConfig, container: Container, dataDirectory: URL, crashes: URL, pins: PluginPins?,
        logger: Logger
    ) {
        self.config = config
        self.container = container
        self.dataDirectory = dataDirectory
        self.crashes = crashes
        self.pins = pins
        self.logger = logger
        self.records = records
    }

    /// What the catalog and the config say of each plugin before any is activated.
    static func records(_ catalog: PluginCatalog, config: StrataConfig) -> [PluginRecord] {
        catalog.entries.map { entry in
            var record = PluginRecord(
                id: entry.id, path: entry.path, state: .enabled, error: entry.problem, described: entry.described,
                identity: entry.identity)
            if let failure = entry.problem ?? entry.described?.failure {
                record.state = entry.incompatible ? .incompatible : .failed
                record.error = failure
            } else if let crash = entry.crash {
                record.state = crash.phase == .timedOut ? .timedOut : .crashed
                record.error = PluginFailure.crashed(crash).description
            } else if !config.isEnabled(entry.id) {
                record.state = .disabled
            } else if let settings = config.features[entry.id]?.settings, let descriptor = entry.descriptor,
                let wrong = SettingsCheck(settings, of: entry.id, against: descriptor.settings, source: config.source).wrongTypes.first
            {
                record.state = .failed
                record.error = PluginFailure.badSettings(wrong).description
                record.hasBadSettings = true
            }
            return record
        }
    }

    /// Goes on with what a fresh start would know, the catalog and the config read again while the app runs:
    /// every plugin whose library this process hasn't opened takes its new record (a new file is judged and
    /// loaded as at start), plugins no longer found go, and an opened one keeps the record it was opened with,
    /// since Swift code can't be unloaded (a new file of it waits for a restart).
    func adopt(_ fresh: [PluginRecord], config: StrataConfig, pins: PluginPins?, dataDirectory: URL) {
        let kept = Dictionary(records.filter { opened.contains($0.id) }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let freshIDs = Set(fresh.map(\.id))
        records = fresh.map { kept[$0.id] ?? $0 } + kept.values.filter { !freshIDs.contains($0.id) }.sorted { $0.id < $1.id }
        self.config = config
        self.pins = pins
        self.dataDirectory = dataDirectory
    }

    /// Activates `ids` (every usable plugin when `nil`) and what they depend on, then freezes the
    /// container. Plugins already active stay as they are.
    func activate(_ ids: Set<String>? = nil) {
        var queue = ids.map { Array($0).sorted() } ?? records.map(\.id)
        var visited: Set<String> = []
        var opened: [String] = []
        while let id = queue.first {
            queue.removeFirst()
            guard visited.insert(id).inserted, let index = records.firstIndex(where: { $0.id == id }),
                records[index].state == .enabled, plugins[id] == nil
            else { continue }
            if let refusal = boundaryRefusal(of: records[index]) {
                fail(id, .dependency(refusal))
                continue
            }
            if container.isFrozen { container.thaw() }
            open(at: index)
            if plugins[id] != nil { opened.append(id) }
            queue += records[index].facts?.dependencies.keys.sorted() ?? []
        }
        registerInDependencyOrder(Set(opened))
        settleJournal()
        CrashJournal.disarm()
        container.freeze()
    }

    /// Opens one library and takes its plugin object, checking the ABI stamp before any other call.
    private func open(at index: Int) {
        let record = records[index]
        let start = ContinuousClock.now
        do {
            try activating(record.id, path: record.path) { try take(record, from: start, at: index) }
        } catch let failure as PluginFailure {
            records[index].state = .failed
            records[index].error = failure.description
        } catch {
            records[index].state = .failed
            records[index].error = "\(error)"
        }
    }

    /// `dlopen`, the ABI stamp, the entry point: the plugin object, kept for registration.
    private func take(_ record: PluginRecord, from start: ContinuousClock.Instant, at index: Int) throws {
        if let refusal = InProcessRefusal(record.id, at: record.path, config: config) { throw refusal }
        // Judged, hashed and loaded through one descriptor: see PluginFile.
        let file = try PluginFile(path: record.path, judged: record.identity)
        if let problem = pins?.problem(record.id, file: file) { throw problem }
        if let checked = checkedDigests[record.id], file.digest() != checked { throw PluginFailure.changedSincePinned(id: record.id, path: record.path) }
        let library = try DynamicLibrary(file, temporaryFolder: temporaryFolder)
        opened.insert(record.id)
        guard let stampSymbol = library.symbol(StrataABI.stampSymbol) else { throw PluginFailure.missingStamp }
        let stampFunction = unsafeBitCast(stampSymbol, to: (@convention(c) () -> UnsafePointer<CChar>).self)
        let found = String(cString: stampFunction())
        if let refusal = StrataABI.refusal(ofStamp: found) { throw PluginFailure.incompatible(refusal) }
        guard let entrySymbol = library.symbol(StrataABI.entrySymbol) else { throw PluginFailure.missingEntry }
        let entry = unsafeBitCast(entrySymbol, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
        guard let plugin = PluginExport.take(entry()) else { throw PluginFailure.notAPlugin }
        records[index].loadTime = .now - start
        plugins[record.id] = plugin
        logger.debug("opened \(record.id) \(record.facts?.version ?? "") from \(record.path)")
    }

    /// Runs `body`, plugin `id`'s code during its activation, under its "activating" entry in the journal and
    /// the load watchdog. The entry is written unless it is already there (its library was just opened);
    /// ``settleJournal()`` removes it.
    private func activating<T>(_ id: String, path: String, _ body: () throws -> T) rethrows -> T {
        if journaled == id {
            CrashJournal.resumeActivating(id, path: path, in: crashes)
        } else {
            settleJournal()
            CrashJournal.activating(id, path: path, in: crashes)
            journaled = id
        }
        defer { LoadWatchdog.stop() }
        return try body()
    }

    /// The activation that wrote the journal's entry has returned: the entry goes.
    private func settleJournal() {
        guard let id = journaled else { return }
        CrashJournal.forget(id, in: crashes)
        journaled = nil
    }

    /// Why `record`, run in process, can't use a dependency's types: that dependency runs in a helper.
    private func boundaryRefusal(of record: PluginRecord) -> String? {
        for dependency in record.facts?.dependencies.keys.sorted() ?? [] {
            guard let path = records.first(where: { $0.id == dependency })?.path else { continue }
            let isolation = config.isolation(for: dependency, at: path)
            guard isolation.mode != .none else { continue }
            return IsolationBoundary.refusal(
                dependent: record.id, dependency: dependency, isolated: dependency, isolation: isolation, source: config.source)
        }
        return nil
    }

    /// Registers the plugins just opened so that every plugin comes after its dependencies.
    private func registerInDependencyOrder(_ opened: Set<String>) {
        DependencyOrder.register(
            opened, dependencies: { id in self.records.first { $0.id == id }?.facts?.dependencies.keys.sorted() ?? [] },
            blockingReason: blockingReason(dependency:pending:),
            register: register, fail: { self.fail($0, .dependency($1)) })
    }

    /// Why `dependency` can never be satisfied, or `nil` if it is registered or still pending.
    private func blockingReason(dependency: String, pending: Set<String>) -> String? {
        if pending.contains(dependency) { return nil }
        guard let record = records.first(where: { $0.id == dependency }) else {
            return "depends on '\(dependency)', which is not installed (no lib\(dependency.capitalized)Plugin.so in the plugin folders)"
        }
        switch record.state {
        case .loaded: return nil
        case .enabled: return "depends on '\(dependency)', which could not be loaded"
        case .disabled: return "depends on '\(dependency)', which is disabled in \(config.source)"
        case .failed, .incompatible, .crashed, .timedOut:
            return "depends on '\(dependency)', which \(record.state == .failed ? "failed" : "is " + record.state.rawValue): \(record.error ?? "unknown")"
        }
    }

    private func register(_ id: String) {
        guard let plugin = plugins[id], let index = records.firstIndex(where: { $0.id == id }) else { return }
        let folder = dataDirectory.appendingPathComponent(id, isDirectory: true)
        let context = container.context(
            pluginID: id, dataDirectory: folder,
            libraryDirectory: URL(fileURLWithPath: records[index].path).deletingLastPathComponent(),
            settings: PluginSettings(json: Array(config.settingsJSON(for: id)), pluginID: id, source: config.source))
        do {
            do {
                try PrivateFolder.prepare(folder)
            } catch {
                throw PluginFailure.registration("can't use its data folder: \(error). Choose another with --data-dir or STRATA_DATA_DIR")
            }
            let start = ContinuousClock.now
            try activating(id, path: records[index].path) { try plugin.register(in: context) }
            records[index].registerTime = .now - start
            // Sets and a dictionary: linear in commands, however many a descriptor declares.
            if let declared = records[index].facts?.commandPaths {
                let contributed = context.commands.map(\.path)
                let declaredPaths = Set(declared), contributedPaths = Set(contributed)
                if let extra = contributed.first(where: { !declaredPaths.contains($0) }) {
                    throw PluginFailure.disagreesWithDescriptor(
                        "it contributes the command '\(extra.joined(separator: " "))', which the descriptor doesn't declare")
                }
                if let missing = declared.first(where: { !contributedPaths.contains($0) }) {
                    throw PluginFailure.disagreesWithDescriptor(
                        "the descriptor declares the command '\(missing.joined(separator: " "))', which the code doesn't contribute")
                }
            }
            let owners = Dictionary(routes.map { ($0.command.path, $0.pluginID) }, uniquingKeysWith: { first, _ in first })
            for command in context.commands {
                let path = command.path.joined(separator: " ")
                if Self.reservedWords.contains(command.path.first ?? "") { throw PluginFailure.commandConflict(path: path, owner: "the host") }
                if let other = owners[command.path] {
                    throw PluginFailure.commandConflict(path: path, owner: "plugin '\(other)'")
                }
            }
        } catch let failure as PluginFailure {
            return fail(id, failure)
        } catch {
            return fail(id, .registration("\(error)"))
        }
        records[index].state = .loaded
        records[index].commands = context.commands
        routes += context.commands.map { RoutedCommand(pluginID: id, command: $0) }
    }

    private func fail(_ id: String, _ failure: PluginFailure) {
        container.removeRegistrations(ownedBy: .plugin(id))
        plugins[id] = nil
        guard let index = records.firstIndex(where: { $0.id == id }) else { return }
        records[index].state = .failed
        records[index].error = failure.description
    }
}
