import FoundationEssentials

/// Pinned trust (`"trust": "pinned"` in the config): a plugin file loads only while its SHA-256 is the one
/// recorded when it was installed or trusted (`strata plugins trust ID`). The digests live in the state
/// folder, `<state>/pinned/<id>`, never beside the plugins, so whoever can write a plugin folder can't
/// also vouch for what they put there.
struct PluginPins {
    let records: DigestRecords
    /// Plugins pinned trust doesn't apply to: the one `strata dev` just built, from its own staging folder.
    let exempt: Set<String>

    init(environment: [String: String], exempt: Set<String> = []) {
        records = DigestRecords("pinned", environment: environment)
        self.exempt = exempt
    }

    /// Records the digest of the file at `path` as plugin `id`'s. Returns the digest.
    @discardableResult
    func pin(_ id: String, path: String) throws -> String {
        try records.record(try Data(contentsOf: URL(fileURLWithPath: path)), from: path, as: id)
    }

    /// Forgets plugin `id`'s digest.
    func unpin(_ id: String) { records.remove(id) }

    /// Why the open library `file` may not load as plugin `id` under pinned trust, or `nil` if its digest,
    /// read through the descriptor that is then loaded, matches.
    func problem(_ id: String, file: borrowing PluginFile) -> PluginFailure? {
        if exempt.contains(id) { return nil }
        guard let recorded = records.recorded(id) else { return .notPinned(id: id, path: file.path) }
        guard let current = file.digest() else { return .notLoadable("can't read \(file.path)") }
        return current == recorded ? nil : .pinMismatch(id: id, path: file.path, recorded: recorded, current: current)
    }
}
