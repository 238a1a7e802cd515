import FoundationEssentials

/// Pinned trust (`"trust": "pinned"` in the config): a plugin file loads only while its SHA-256 is the one
/// recorded when it was installed or trusted (`strata plugins trust ID`). The digests live in the state
/// folder, `<state>/pinned/<id>`, never beside the plugins, so whoever can write a plugin folder can't
/// also vouch for what they put there.
struct PluginPins {
    let records: DigestRecords

    init(environment: [String: String]) {
        records = DigestRecords("pinned", environment: environment)
    }

    /// Records the digest of the file at `path` as plugin `id`'s. Returns the digest.
    @discardableResult
    func pin(_ id: String, path: String) throws -> String {
        try records.record(try Data(contentsOf: URL(fileURLWithPath: path)), from: path, as: id)
    }

    /// Forgets plugin `id`'s digest.
    func unpin(_ id: String) { records.remove(id) }

    /// Why the file at `path` may not load as plugin `id` under pinned trust, or `nil` if its digest matches.
    func problem(_ id: String, path: String) -> PluginFailure? {
        guard let recorded = records.recorded(id) else { return .notPinned(id: id, path: path) }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return .notLoadable("can't read \(path)") }
        let current = SHA256.hex(data)
        return current == recorded ? nil : .pinMismatch(id: id, path: path, recorded: recorded, current: current)
    }
}
