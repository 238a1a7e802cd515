import FoundationEssentials
import StrataBase
import StrataRuntime

/// The first stage of a `strata` run: the options, the environment, the config, the folders and the logger.
/// Nothing is discovered and no plugin code runs.
struct HostContext {
    let options: HostOptions
    let environment: [String: String]
    let config: StrataConfig
    let logger: Logger
    /// The folder `strata dev` stages the library being developed in (searched first), if this is its child.
    let developmentFolder: String?
    let pluginDirectories: [String]
    let dataDirectory: URL
    /// Where crashes are remembered.
    let crashes: URL

    /// Reads the config the options and the environment lead to.
    /// - Throws: `ConfigError` for a missing, malformed or mistyped config.
    static func load(options: HostOptions, environment: [String: String]) throws(ConfigError) -> HostContext {
        HostContext(
            options: options, environment: environment,
            config: try ConfigLoader(explicitPath: options.configPath, environment: environment).load())
    }

    init(options: HostOptions, environment: [String: String], config: StrataConfig) {
        self.options = options
        self.environment = environment
        let level = options.verbose ? .debug : environment["STRATA_LOG"].flatMap(LogLevel.init(name:)) ?? .warning
        logger = Logger(label: "host", level: level)
        developmentFolder = DevLoop.pluginFolder(environment: environment)
        var config = config
        config.shipped.developmentFolder = developmentFolder
        self.config = config
        pluginDirectories = (developmentFolder.map { [$0] } ?? []) + PluginDiscovery.directories(for: config, environment: environment)
        dataDirectory = Self.dataDirectory(options: options, environment: environment, config: config)
        crashes = CrashJournal.directory(environment: environment)
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
