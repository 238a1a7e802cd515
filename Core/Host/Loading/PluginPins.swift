import FoundationEssentials

/// Digests a plugin file must match to load. Two things pin: pinned trust (`"trust": "pinned"` in the
/// config), with each digest recorded when the plugin was installed or trusted (`strata plugins trust ID`),
/// and the approval of a config in the current folder (`strata config allow`), which covers the libraries
/// it loaded when it was approved: a library swapped later needs a new approval. The digests live in the
/// state folder, never beside the plugins, so whoever can write a plugin folder can't also vouch for what
/// they put there.
struct PluginPins {
    /// What the digests were recorded for.
    enum Scope: Equatable {
        /// Pinned trust: `<state>/pinned/<id>`.
        case pinnedTrust
        /// The approval of the config at this path: `<state>/allowed-plugins/<hash of the path>/<id>`.
        case approvedConfig(String)
    }

    let scope: Scope
    let records: DigestRecords
    /// Plugins the pins don't apply to: the one `strata dev` just built, from its own staging folder.
    let exempt: Set<String>

    init(_ scope: Scope = .pinnedTrust, environment: [String: String], exempt: Set<String> = []) {
        self.scope = scope
        switch scope {
        case .pinnedTrust: records = DigestRecords("pinned", environment: environment)
        case .approvedConfig(let path): records = DigestRecords("allowed-plugins/\(SHA256.hex(Array(path.utf8)))", environment: environment)
        }
        self.exempt = exempt
    }

    /// The pins that apply to `config`: its approval's if it was approved in the current folder, else
    /// pinned trust's if it asks for them, else none.
    static func applying(to config: StrataConfig, environment: [String: String], exempt: Set<String>) -> PluginPins? {
        if config.approved, let path = config.path { return PluginPins(.approvedConfig(path), environment: environment, exempt: exempt) }
        return config.trust == .pinned ? PluginPins(environment: environment, exempt: exempt) : nil
    }

    /// Records the digest of the file at `path` as plugin `id`'s. Returns the digest.
    @discardableResult
    func pin(_ id: String, path: String) throws -> String {
        let digest = SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: path)))
        try records.record(digest, from: path, as: id)
        return digest
    }

    /// Forgets plugin `id`'s digest.
    func unpin(_ id: String) { records.remove(id) }

    /// Why the open library `file` may not load as plugin `id`, or `nil` if its digest, read through the
    /// descriptor that is then loaded, matches.
    func problem(_ id: String, file: borrowing PluginFile) -> PluginFailure? {
        if exempt.contains(id) { return nil }
        guard let recorded = records.recorded(id) else { return .notPinned(id: id, path: file.path, scope: scope) }
        guard let current = file.digest() else { return .notLoadable("can't read \(file.path)") }
        return current == recorded ? nil : .pinMismatch(id: id, path: file.path, recorded: recorded, current: current, scope: scope)
    }
}
