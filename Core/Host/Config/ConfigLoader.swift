import Foundation

/// Finds and reads the config: `--config PATH`, then `$STRATA_CONFIG`, then `./strata.json`, then
/// `$XDG_CONFIG_HOME/strata/strata.json` (`~/.config` by default), else the built-in defaults.
struct ConfigLoader {
    var explicitPath: String?
    var environment: [String: String]
    var currentDirectory: String = FileManager.default.currentDirectoryPath

    /// The files looked at, in order, with why each is a candidate.
    func candidates() -> [(path: String, explicit: Bool)] {
        if let explicitPath { return [(absolute(explicitPath), true)] }
        if let fromEnvironment = environment["STRATA_CONFIG"], !fromEnvironment.isEmpty { return [(absolute(fromEnvironment), true)] }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.config"
        return [(absolute("strata.json"), false), ("\(configHome)/strata/strata.json", false)]
    }

    /// Loads the first config found.
    /// - Throws: `ConfigError` if an explicitly named file is missing, or any found file is malformed.
    func load() throws(ConfigError) -> StrataConfig {
        for candidate in candidates() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) else {
                if candidate.explicit { throw .unreadable(path: candidate.path, detail: "no such file") }
                continue
            }
            if isFolder.boolValue {
                throw .unreadable(path: candidate.path, detail: "it is a folder, not a file; name the config file itself, "
                                  + "e.g. \(URL(fileURLWithPath: candidate.path).appendingPathComponent("strata.json").path)")
            }
            let data: Data
            do { data = try Data(contentsOf: URL(fileURLWithPath: candidate.path)) } catch {
                throw .unreadable(path: candidate.path, detail: error.localizedDescription)
            }
            let document = try JSONValue.parse(data, source: candidate.path)
            var config = try StrataConfig(document: document, source: candidate.path, path: candidate.path)
            config.warnings += JSONStructureCheck(data).duplicateKeys.map { duplicate in
                "in the config \(candidate.path): `\(duplicate.keyPath)` is given twice (lines \(duplicate.firstLine) and "
                    + "\(duplicate.secondLine)); only one of them takes effect. Keep one."
            }
            return config
        }
        return .builtIn
    }

    private func absolute(_ path: String) -> String {
        expandingTilde(path, environment).hasPrefix("/") ? expandingTilde(path, environment)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).standardized.path
    }
}

/// The user's home folder: `$HOME`, else the password database.
func homeDirectory(_ environment: [String: String]) -> String {
    environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
}

/// `~/x` → `$HOME/x`.
func expandingTilde(_ path: String, _ environment: [String: String]) -> String {
    if path == "~" { return homeDirectory(environment) }
    if path.hasPrefix("~/") { return homeDirectory(environment) + path.dropFirst() }
    return path
}

/// Replaces with `"••••"` the values of settings that look like secrets (`apiKey`, `token`, `password`, …)
/// and of those a descriptor declares secret (`declared`).
func redactingSecrets(_ value: JSONValue, declared: Set<String> = []) -> JSONValue {
    switch value {
    case .object(let fields):
        var redacted: [String: JSONValue] = [:]
        for (key, field) in fields {
            let lower = key.lowercased()
            let secret = declared.contains(key)
                || ["apikey", "api_key", "token", "secret", "password", "authorization"].contains { lower.hasSuffix($0) }
            redacted[key] = secret && field != .null ? .string("••••") : redactingSecrets(field)
        }
        return .object(redacted)
    case .array(let items): return .array(items.map { redactingSecrets($0) })
    default: return value
    }
}
