import FoundationEssentials
import StrataBase
import StrataPluginKit

/// Where a ``HelperPluginRecord`` comes from in strata, and what the helper makes of it.
extension HelperPluginRecord {
    /// What strata resolved for plugin `id`, whose helper's config is `config` (its JSON): its library and
    /// those of its dependencies in `folder`, the one folder that config names, as `catalog` judged them;
    /// `nil` when the plugin's own library has no identity or descriptor section to give.
    static func resolved(for id: String, in catalog: PluginCatalog, folder: String, config: [UInt8], configSource: String) -> HelperPluginRecord? {
        var libraries: [Library] = []
        var queue = [id], seen: Set<String> = []
        while let next = queue.first {
            queue.removeFirst()
            guard seen.insert(next).inserted, let entry = catalog.entry(next), URL(fileURLWithPath: entry.path).deletingLastPathComponent().path == folder,
                let identity = entry.identity, let section = entry.described?.section
            else {
                if next == id { return nil }
                continue
            }
            libraries.append(Library(id: entry.id, path: entry.path, identity: identity, section: section))
            queue += entry.facts?.dependencies.keys.sorted() ?? []
        }
        return HelperPluginRecord(config: config, configSource: configSource, libraries: libraries)
    }

    /// The catalog a helper of version 8 serves from: this config, read from these bytes, and these libraries
    /// as strata judged them. No file is read and no folder searched, and no crash journal consulted.
    /// - Throws: `ConfigError` for a config that isn't one (strata wrote it: a bug, said as such).
    func catalog(options: HostOptions, environment: [String: String]) throws(ConfigError) -> HostCatalog {
        let document = try JSONValue.parse(Data(config), source: configSource)
        let context = HostContext(
            options: options, environment: environment, config: try StrataConfig(document: document.value, source: configSource, path: nil))
        let discovered = libraries.map { library in
            let reading: DiscoveredPlugin.Reading
            do {
                reading = .described(DescribedPlugin(try PluginDescriptorSection.decode(library.section), section: library.section))
            } catch {
                reading = .problem("\(error)")
            }
            return DiscoveredPlugin(id: library.id, path: library.path, identity: library.identity, reading: reading)
        }
        // strata judged the crashes; the helper's journal is shared with the plugin's other helpers starting now.
        return HostCatalog(context, discovered: discovered, journal: false)
    }
}
