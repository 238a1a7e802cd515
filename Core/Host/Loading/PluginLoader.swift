import Foundation
import StrataDI
import StrataPluginKit
import StrataRuntime

/// Loads the enabled plugins into one container: discovery, `dlopen`, ABI check, entry point, manifest,
/// dependency order, registration. A plugin that fails in any way is recorded as failed and the others go
/// on. A disabled plugin's library is never opened.
final class PluginLoader {
    let config: StrataConfig
    let container: Container
    let dataDirectory: URL
    let logger: Logger
    private(set) var records: [PluginRecord] = []
    private(set) var routes: [RoutedCommand] = []
    private var plugins: [String: any FeaturePlugin] = [:]

    /// Top-level words the host keeps for itself.
    static let reservedWords: Set<String> = HostCommand.groups.union(["help", "version", "__probe"])

    init(config: StrataConfig, container: Container, dataDirectory: URL, logger: Logger) {
        self.config = config
        self.container = container
        self.dataDirectory = dataDirectory
        self.logger = logger
    }

    /// Loads the discovered plugins, or only `selection` and what it depends on, then freezes the container.
    func load(_ discovered: [DiscoveredPlugin], selection: Set<String>? = nil) {
        records = discovered.map { PluginRecord(id: $0.id, path: $0.path, state: .failed, error: $0.problem) }
        var queue = selection.map { Array($0).sorted() } ?? discovered.map(\.id)
        var visited: Set<String> = []
        while let id = queue.first {
            queue.removeFirst()
            guard visited.insert(id).inserted, let index = records.firstIndex(where: { $0.id == id && $0.error == nil }) else { continue }
            if !config.isEnabled(id) {
                records[index].state = .disabled
                continue
            }
            open(at: index)
            queue += records[index].manifest?.dependencies ?? []
        }
        for index in records.indices where !visited.contains(records[index].id) && records[index].error == nil {
            records[index].state = config.isEnabled(records[index].id) ? .failed : .disabled
            if records[index].state == .failed { records[index].error = "not loaded by this command" }
        }
        registerInDependencyOrder()
        container.freeze()
    }

    /// Opens one library and takes its plugin object, checking the ABI stamp before any other call.
    private func open(at index: Int) {
        let record = records[index]
        do {
            let library = try DynamicLibrary(path: record.path)
            guard let stampSymbol = library.symbol(StrataABI.stampSymbol) else { throw PluginFailure.missingStamp }
            let stampFunction = unsafeBitCast(stampSymbol, to: (@convention(c) () -> UnsafePointer<CChar>).self)
            let found = String(cString: stampFunction())
            guard found == StrataABI.stampString else { throw PluginFailure.abiMismatch(found: found, expected: StrataABI.stampString) }
            guard let entrySymbol = library.symbol(StrataABI.entrySymbol) else { throw PluginFailure.missingEntry }
            let entry = unsafeBitCast(entrySymbol, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
            guard let plugin = PluginExport.take(entry()) else { throw PluginFailure.notAPlugin }
            let manifest = plugin.manifest
            guard manifest.id == record.id else {
                throw PluginFailure.badManifest("its id is '\(manifest.id)' but the library name says '\(record.id)'; rename the library to lib\(manifest.id.capitalized)Plugin.so or fix the id")
            }
            guard PluginManifest.isValidID(manifest.id) else { throw PluginFailure.badManifest("id '\(manifest.id)' must be lowercase letters and digits") }
            guard manifest.sdkABI == StrataABI.version else {
                throw PluginFailure.abiMismatch(found: "SDK ABI \(manifest.sdkABI)", expected: "SDK ABI \(StrataABI.version)")
            }
            records[index].manifest = manifest
            plugins[record.id] = plugin
            logger.debug("opened \(record.id) \(manifest.version) from \(record.path)")
        } catch let failure as PluginFailure {
            records[index].error = failure.description
        } catch {
            records[index].error = "\(error)"
        }
    }

    /// Registers the opened plugins so that every plugin comes after its dependencies.
    private func registerInDependencyOrder() {
        var pending = Set(plugins.keys)
        var progress = true
        while !pending.isEmpty && progress {
            progress = false
            for id in pending.sorted() {
                let dependencies = plugins[id]?.manifest.dependencies ?? []
                if let blocked = dependencies.lazy.compactMap({ self.blockingReason(dependency: $0, pending: pending) }).first {
                    fail(id, .dependency(blocked))
                } else if dependencies.contains(where: pending.contains) {
                    continue
                } else {
                    register(id)
                }
                pending.remove(id)
                progress = true
            }
        }
        let cycles = pending.sorted().map { ($0, cycle(from: $0, among: pending)) }
        for (id, chain) in cycles {
            fail(id, .dependency("dependency cycle: \(chain.joined(separator: " → "))"))
        }
    }

    /// Why `dependency` can never be satisfied, or `nil` if it is registered or still pending.
    private func blockingReason(dependency: String, pending: Set<String>) -> String? {
        if pending.contains(dependency) { return nil }
        guard let record = records.first(where: { $0.id == dependency }) else {
            return "depends on '\(dependency)', which is not installed (no lib\(dependency.capitalized)Plugin.so in the plugin folders)"
        }
        switch record.state {
        case .loaded: return nil
        case .disabled: return "depends on '\(dependency)', which is disabled in \(config.source)"
        case .failed: return "depends on '\(dependency)', which failed: \(record.error ?? "unknown")"
        }
    }

    private func cycle(from start: String, among pending: Set<String>) -> [String] {
        var path = [start]
        var current = start
        while let next = plugins[current]?.manifest.dependencies.first(where: pending.contains) {
            if let loopStart = path.firstIndex(of: next) { return Array(path[loopStart...]) + [next] }
            path.append(next)
            current = next
        }
        return path
    }

    private func register(_ id: String) {
        guard let plugin = plugins[id], let index = records.firstIndex(where: { $0.id == id }) else { return }
        let folder = dataDirectory.appendingPathComponent(id, isDirectory: true)
        let context = PluginContext(pluginID: id, dataDirectory: folder,
                                    settings: PluginSettings(json: config.settingsJSON(for: id), pluginID: id, source: config.source),
                                    container: container)
        do {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw PluginFailure.registration("can't create its data folder \(folder.path): \(folderProblem(folder)). Choose another with --data-dir or STRATA_DATA_DIR")
            }
            try plugin.register(in: context)
            for command in context.commands {
                let path = command.path.joined(separator: " ")
                if Self.reservedWords.contains(command.path[0]) { throw PluginFailure.commandConflict(path: path, owner: "the host") }
                if let other = routes.first(where: { $0.command.path == command.path }) {
                    throw PluginFailure.commandConflict(path: path, owner: "plugin '\(other.pluginID)'")
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
