import FoundationEssentials
import Glibc
import StrataBase

/// `strata config check | allow | deny`: the config as strata reads it, and approving a config in a folder.
/// None of them loads a plugin.
struct ConfigCommands {
    let catalog: HostCatalog
    private var context: HostContext { catalog.context }

    /// `strata config check`: validates the config and each feature's settings against its descriptor
    /// without loading any plugin, and prints the effective config with secrets redacted, with where each
    /// feature runs (`isolation`). Exit 2, a config error, if a setting breaks its declaration (that feature
    /// would not load).
    func check(json: Bool) throws(CommandExit) {
        let config = context.config
        var features: [String: JSONValue] = [:]
        for id in Set(catalog.discovered.map(\.id)).union(config.features.keys).sorted() {
            var entry: [String: JSONValue] = ["enabled": .bool(config.isEnabled(id))]
            if let settings = config.features[id]?.settings {
                entry["settings"] = Secrets.redacting(settings, declared: catalog.plugins.entry(id)?.secretSettings ?? [])
            }
            let discovered = catalog.discovered.first { $0.id == id }
            entry["installed"] = .bool(discovered != nil)
            entry["isolation"] = .string(config.isolation(for: id, at: discovered?.path).mode.rawValue)
            features[id] = .object(entry)
        }
        let errors = catalog.settingsChecks.flatMap(\.wrongTypes).map(\.description)
        let problems = catalog.warnings
        let effective = JSONValue.object([
            "source": .string(config.source),
            "pluginDirectories": .array(context.pluginDirectories.map(JSONValue.string)),
            "dataDirectory": .string(context.dataDirectory.path),
            "features": .object(features),
            "errors": .array(errors.map(JSONValue.string)),
            "warnings": .array(problems.map(JSONValue.string)),
        ])
        Console.writeLine(String(decoding: effective.encoded(pretty: true), as: UTF8.self))
        let verdict: String
        if !errors.isEmpty {
            verdict =
                (json ? "" : errors.map { "error: \($0)\n" }.joined())
                + "config has \(countText(errors.count, "error")): \(config.source). A feature whose settings have the wrong type does not load."
        } else {
            verdict =
                (problems.isEmpty ? "config OK: \(config.source)" : "config OK with \(countText(problems.count, "warning")): \(config.source)")
                + "\nSettings were checked against each plugin's descriptor; `strata plugins check` loads the plugins to check their values."
        }
        // With --json, standard output is only the JSON document.
        if json || !errors.isEmpty { writeAll(verdict + "\n", to: STDERR_FILENO) } else { Console.writeLine(verdict) }
        if !errors.isEmpty { throw .usage }
    }

    /// `strata config allow [PATH]`: approves the config in the current folder (or PATH) as it is now, so
    /// that strata uses it when run in that folder, with the plugin libraries it loads now (a library that
    /// changes later needs a new approval). It must parse: what was approved always loads.
    func allow(_ path: String?) throws(CommandExit) {
        let environment = context.environment
        let loader = ConfigLoader(explicitPath: nil, environment: environment)
        let file = loader.absolute(path ?? "strata.json")
        let reading = ConfigLoader.read(file)
        guard case .read(let bytes) = reading else {
            Console.error("can't read \(file): \(reading.problem ?? ""). Run `strata config allow` in the folder that holds strata.json, or name the file.")
            throw .failure
        }
        let data = Data(bytes)
        let allowed: StrataConfig
        do {
            allowed = try ConfigLoader.parse(data, path: file)
        } catch {
            Console.error("not allowed: \(error) Fix it, then allow it.")
            throw .failure
        }
        do {
            let digest = try ConfigAllowance(environment: environment).allow(file, contents: data)
            let pins = PluginPins(.approvedConfig(file), environment: environment)
            pins.records.removeAll()
            var covered: [String] = []
            for plugin in PluginDiscovery(directories: PluginDiscovery.directories(for: allowed, environment: environment)).discover()
            where plugin.problem == nil {
                guard let digest = (try? PluginFile(path: plugin.path, judged: plugin.identity))?.digest() else { continue }
                try pins.records.record(digest, from: plugin.path, as: plugin.id)
                covered.append(plugin.id)
            }
            Console.writeLine(
                "Allowed \(file) (SHA-256 \(digest.prefix(12))…) with the plugins it loads now: "
                    + (covered.isEmpty ? "none" : covered.joined(separator: ", "))
                    + ". strata uses it when run in its folder, until it or one of those plugins changes.")
            return
        } catch {
            Console.error("can't record the approval in \(ConfigAllowance(environment: environment).records.directory.path): \(errorText(error))")
            throw .failure
        }
    }

    /// `strata config deny [PATH]`: withdraws the approval of the config in the current folder (or PATH).
    func deny(_ path: String?) {
        let file = ConfigLoader(explicitPath: nil, environment: context.environment).absolute(path ?? "strata.json")
        PluginPins(.approvedConfig(file), environment: context.environment).records.removeAll()
        if ConfigAllowance(environment: context.environment).revoke(file) {
            Console.writeLine("\(file) is no longer allowed; strata passes it over.")
        } else {
            Console.writeLine("\(file) was not allowed; nothing to withdraw.")
        }
    }
}
