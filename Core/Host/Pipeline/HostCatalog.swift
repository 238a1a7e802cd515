import FoundationEssentials
import Glibc
import StrataBase

/// The second stage: the plugins the context's folders hold, with pinned trust applied and each one's
/// descriptor read into the ``PluginCatalog``. No plugin code runs.
struct HostCatalog {
    let context: HostContext
    let discovered: [DiscoveredPlugin]
    /// Under pinned trust, the digests each library must match (``PluginPins``).
    let pins: PluginPins?
    /// Every plugin as its descriptor tells it.
    let plugins: PluginCatalog
    /// Each plugin's record as the catalog and the config say, before any is activated: made once, for the
    /// router, the command and the loader.
    let records: [PluginRecord]

    init(_ context: HostContext, reservedWords: Set<String> = PluginLoader.reservedWords) {
        let environment = context.environment
        var discovered = PluginDiscovery(
            directories: context.pluginDirectories,
            cacheDirectory: stateDirectory(environment).appendingPathComponent("descriptors", isDirectory: true)
        ).discover()
        // Under `strata dev`, the library being developed stands in for an installed one with its id, and
        // pinned trust doesn't apply to it (the author just built it).
        let isDeveloped = { (plugin: DiscoveredPlugin) in context.developmentFolder.map { plugin.path.hasPrefix($0 + "/") } ?? false }
        let developed = Set(discovered.filter(isDeveloped).map(\.id))
        discovered.removeAll { developed.contains($0.id) && !isDeveloped($0) }
        let pins = PluginPins.applying(to: context.config, environment: environment, exempt: Set(discovered.filter(isDeveloped).map(\.id)))
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
        self.init(context, discovered: discovered, pins: pins, reservedWords: reservedWords)
    }

    /// The catalog of `discovered` as they are: what a helper makes of the libraries strata resolved for it
    /// (``HelperPluginRecord``), with no folder searched and no trust judged again. `journal`: whether a crash
    /// the journal remembers skips a plugin (strata judged that for a helper, whose journal, in its plugin's
    /// data folder, other helpers of the plugin starting at the same time write in).
    init(
        _ context: HostContext, discovered: [DiscoveredPlugin], pins: PluginPins? = nil, journal: Bool = true,
        reservedWords: Set<String> = PluginLoader.reservedWords
    ) {
        self.context = context
        self.discovered = discovered
        self.pins = pins
        plugins = PluginCatalog(discovered: discovered, crashes: journal ? context.crashes : nil, reservedWords: reservedWords)
        records = PluginLoader.records(plugins, config: context.config)
    }

    /// Under pins, the digest plugin `id`'s library was checked to have (a helper checks it again).
    func checkedDigest(of id: String) -> String? {
        guard let pins, !pins.exempt.contains(id) else { return nil }
        return pins.records.recorded(id)
    }

    /// Each plugin's secret settings by id, for masking their values (a plugin that declares none is left out).
    var declaredSecrets: [String: Set<String>] {
        Dictionary(
            plugins.entries.lazy.filter { !$0.secretSettings.isEmpty }.map { ($0.id, $0.secretSettings) }, uniquingKeysWith: { first, _ in first })
    }

    /// Warnings about the config: unknown keys, and features no discovered plugin provides.
    var warnings: [String] {
        let config = context.config, pluginDirectories = context.pluginDirectories
        // The ids' set only where the config names features (500 plugins' ids cost 0.24 M instructions).
        let ids = config.features.isEmpty ? [] : Set(discovered.map(\.id))
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
        let ownFolder = PluginDiscovery.userDirectory(environment: context.environment)
        for folder in configuredFolders where folder != ownFolder {
            var status = stat()
            let exists = stat(folder, &status) == 0
            guard !exists || status.st_mode & S_IFMT != S_IFDIR else { continue }
            folders.append("plugin folder \(folder) (from `pluginDirectories` in \(config.source)) \(exists ? "is a file, not a folder" : "does not exist")")
        }
        return config.warnings + folders + (config.path == nil ? [] : unknown) + settingsChecks.flatMap(\.unknownKeys)
    }

    /// Each installed feature's settings checked against its descriptor.
    var settingsChecks: [SettingsCheck] {
        plugins.entries.compactMap { entry in
            // Only a feature with settings in the config has its descriptor parsed for them.
            context.config.features[entry.id]?.settings.flatMap { settings in
                entry.descriptor.map { SettingsCheck(settings, of: entry.id, against: $0.settings, source: context.config.source) }
            }
        }
    }
}
