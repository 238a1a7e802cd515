import FoundationEssentials

/// SHA-256 digests strata remembers in a folder of its state folder, one file per key holding
/// `<digest> <path>`: the configs `config allow` approved and the plugin files pinned trust accepts.
struct DigestRecords {
    /// `<state>/<name>`, where `<state>` is `$XDG_STATE_HOME/strata` (`~/.local/state/strata`).
    let directory: URL

    init(_ name: String, environment: [String: String]) {
        directory = stateDirectory(environment).appendingPathComponent(name, isDirectory: true)
    }

    /// The digest recorded under `key`, if any. A record in a folder that someone else could write is not
    /// believed.
    func recorded(_ key: String) -> String? {
        guard PrivateFolder.isPrivate(directory), let record = try? String(contentsOf: directory.appendingPathComponent(key), encoding: .utf8) else {
            return nil
        }
        return record.split(separator: " ").first.map(String.init)
    }

    /// Records `digest`, of the file at `path`, under `key`.
    func record(_ digest: String, from path: String, as key: String) throws {
        try PrivateFolder.prepare(directory)
        try Data("\(digest) \(path)\n".utf8).write(to: directory.appendingPathComponent(key), options: .atomic)
    }

    /// Forgets every record.
    func removeAll() { try? FileManager.default.removeItem(at: directory) }

    /// Forgets what is recorded under `key`. Returns whether there was a record.
    @discardableResult
    func remove(_ key: String) -> Bool {
        (try? FileManager.default.removeItem(at: directory.appendingPathComponent(key))) != nil
    }
}

/// `$XDG_STATE_HOME/strata` (`~/.local/state/strata`): what strata remembers between runs.
func stateDirectory(_ environment: [String: String]) -> URL {
    let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.local/state"
    return URL(fileURLWithPath: state).appendingPathComponent("strata", isDirectory: true)
}
