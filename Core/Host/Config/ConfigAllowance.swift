import FoundationEssentials

/// Which configs found in the current folder the user has approved, as direnv's `allow` does: a folder
/// someone else prepared (a cloned repository, a shared directory) could otherwise name a plugin folder of
/// its own, or send an API key to its own server. An approval is the file's path and the SHA-256 of its
/// content, kept in `<state>/allowed`; a changed file needs a new approval.
struct ConfigAllowance {
    enum Verdict: Equatable {
        case allowed
        /// Never approved.
        case unknown
        /// Approved with other content.
        case changed
    }

    let records: DigestRecords

    init(environment: [String: String]) {
        records = DigestRecords("allowed", environment: environment)
    }

    /// Whether the config at `path` (absolute) with `contents` is approved.
    func verdict(for path: String, contents: Data) -> Verdict {
        guard let recorded = records.recorded(key(path)) else { return .unknown }
        return recorded == SHA256.hex(contents) ? .allowed : .changed
    }

    /// Approves the config at `path` as it is now.
    /// - Returns: the SHA-256 of the approved content.
    @discardableResult
    func allow(_ path: String, contents: Data) throws -> String {
        let digest = SHA256.hex(contents)
        try records.record(digest, from: path, as: key(path))
        return digest
    }

    /// Withdraws the approval of `path`. Returns whether there was one.
    func revoke(_ path: String) -> Bool { records.remove(key(path)) }

    /// A record's file name: the SHA-256 of the config's path.
    private func key(_ path: String) -> String { SHA256.hex(Array(path.utf8)) }
}
