import FoundationEssentials
import StrataDI
import StrataBase
import StrataHostKit
import StrataRuntime

/// Everything one run of `strata` works with: the options, the config, the folders, the plugin catalog
/// (from the descriptors) and, once a plugin is activated, the loader and the shared container.
final class HostSession {
    let options: HostOptions
    let environment: [String: String]
    let config: StrataConfig
    let logger: Logger
    let pluginDirectories: [String]
    let dataDirectory: URL
    let discovered: [DiscoveredPlugin]
    /// Every plugin as its descriptor tells it; no plugin code has run to make it.
    let catalog: PluginCatalog
    /// Where crashes are remembered.
    let crashes: URL
    /// Under pinned trust, the digests each library must match (``PluginPins``).
    let pins: PluginPins?
    let container = Container()
    private var activeLoader: PluginLoader?

    /// Reads the config and discovers the plugins (no plugin code runs).
    /// - Throws: `ConfigError` for a missing, malformed or mistyped config.
    init(options: HostOptions, environment: [String: String]) throws(ConfigError) {
        self.options = options
        self.environment = environment
        let level = options.verbose ? .debug : environment["STRATA_LOG"].flatMap(LogLevel.init(name:)) ?? .warning
        logger = Logger(label: "host", level: level)
        config = try ConfigLoader(explicitPath: options.configPath, environment: environment).load()
        let development = DevLoop.pluginFolder(environment: environment)
        pluginDirectories = (development.map { [$0] } ?? []) + PluginDiscovery.directories(for: config, environment: environment)
        dataDirectory = Self.dataDirectory(options: options, environment: environment, config: config)
        var discovered = PluginDiscovery(directories: pluginDirectories,
                                         cacheDirectory: stateDirectory(environment).appendingPathComponent("descriptors")).discover()
        // Under `strata dev`, the library being developed stands in for an installed one with its id, and
        // pinned trust doesn't apply to it (the author just built it).
        let isDeveloped = { (plugin: DiscoveredPlugin) in development.map { plugin.path.hasPrefix($0 + "/") } ?? false }
        let developed = Set(discovered.filter(isDeveloped).map(\.id))
        discovered.removeAll { developed.contains($0.id) && !isDeveloped($0) }
        pins = PluginPins.applying(to: config, environment: environment, exempt: Set(discovered.filter(isDeveloped).map(\.id)))
        if let pins {
            for index in discovered.indices where discovered[index].problem == nil {
                do {
                    let file = try PluginFile(path: discovered[index].path, judged: discovered[index].identity)
                    discovered[index].problem = pins.problem(discovered[index].id, file: file)?.description
                } catch {
                    discovered[index].problem = error.description
                }
            }
        }
        self.discovered = discovered
        crashes = CrashJournal.directory(environment: environment)
        // From now on a fatal signal always ends strata (and only a fault of its own blames a plugin), and
        // each activation has a deadline, except in a probe, whose parent keeps the time.
        CrashHandler.install()
        if options.words.first != "__probe" { LoadWatchdog.enable(supervised: environment[Supervisor.supervisedVariable] != nil) }
        catalog = PluginCatalog(discovered: discovered, crashes: crashes, reservedWords: PluginLoader.reservedWords)
        let declaredSecrets = Dictionary(catalog.entries.map { ($0.id, $0.secretSettings) }, uniquingKeysWith: { first, _ in first })
        HostSecrets.add(Secrets.values(in: config, declared: declaredSecrets, environment: environment))
        logger.debug("config: \(config.source); plugin folders: \(pluginDirectories.joined(separator: ", ")); data: \(dataDirectory.path)")
    }

    /// Warnings about the config: unknown keys, and features no discovered plugin provides.
    var warnings: [String] {
        let ids = Set(discovered.map(\.id))
        let unknown = config.features.keys.sorted().filter { !ids.contains($0) }.map { id in
            let hint = closestName(to: id, in: ids).map { "; did you mean '\($0)'?" } ?? ""
            return "`features.\(id)` in \(config.source): no plugin with id '\(id)' was found in \(pluginDirectories.joined(separator: ", "))\(hint)"
        }
        var folders: [String] = []
        if config.pluginDirectories?.isEmpty == true {
            folders.append("`pluginDirectories` in \(config.source) is empty, so no plugin can load; remove the key to use the defaults")
        }
        let configuredFolders = config.pluginDirectories == nil ? [] : pluginDirectories
        // The user's own plugin folder is listed in the recommended config before anything is installed there.
        let ownFolder = PluginDiscovery.userDirectory(environment: environment)
        for folder in configuredFolders where folder != ownFolder && !FileManager.default.fileExists(atPath: folder) {
            folders.append("plugin folder \(folder) (from `pluginDirectories` in \(config.source)) does not exist")
        }
        return config.warnings + folders + (config.path == nil ? [] : unknown) + settingsChecks.flatMap(\.unknownKeys)
    }

    /// Each installed feature's settings checked against its descriptor (no plugin code runs).
    var settingsChecks: [SettingsCheck] {
        catalog.entries.compactMap { entry in
            entry.descriptor.map { SettingsCheck(config.features[entry.id]?.settings, of: entry.id, against: $0.settings, source: config.source) }
        }
    }

    /// The loader, made (with the host's services registered) the first time it is needed.
    var loader: PluginLoader {
        if let activeLoader { return activeLoader }
        do {
            try HostServices.register(in: container, logger: logger)
        } catch {
            logger.error("can't register host services: \(error)")
        }
        let loader = PluginLoader(catalog: catalog, config: config, container: container, dataDirectory: dataDirectory,
                                  crashes: crashes, pins: pins, logger: logger)
        activeLoader = loader
        return loader
    }

    /// Each plugin's record: as activated so far, or as the catalog and the config say (no code loaded).
    var records: [PluginRecord] { activeLoader?.records ?? PluginLoader.records(catalog, config: config) }

    /// Activates the plugins `ids` (every usable one when `nil`) with their dependencies: their code is
    /// loaded and registered now.
    @discardableResult
    func activate(_ ids: Set<String>? = nil) -> PluginLoader {
        let loader = self.loader
        loader.activate(ids)
        for record in loader.records where record.state == .failed && ids.map({ $0.contains(record.id) }) ?? true {
            logger.info("plugin \(record.id) failed: \(record.error ?? "")")
        }
        return loader
    }

    /// `--data-dir`, then `$STRATA_DATA_DIR`, then the config's `dataDirectory` (relative to the config file),
    /// then `$XDG_DATA_HOME/strata` (`~/.local/share/strata` by default).
    static func dataDirectory(options: HostOptions, environment: [String: String], config: StrataConfig) -> URL {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func absolute(_ path: String, relativeTo base: URL) -> URL {
            let expanded = expandingTilde(path, environment)
            return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : base.appendingPathComponent(expanded).standardized
        }
        if let path = options.dataDirectory { return absolute(path, relativeTo: cwd) }
        if let path = environment["STRATA_DATA_DIR"], !path.isEmpty { return absolute(path, relativeTo: cwd) }
        if let path = config.dataDirectory {
            let base = config.path.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? cwd
            return absolute(path, relativeTo: base)
        }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.local/share"
        return URL(fileURLWithPath: dataHome).appendingPathComponent("strata")
    }
}
