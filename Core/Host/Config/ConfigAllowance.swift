import Foundation

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

    /// `<state>/allowed`, where `<state>` is `$XDG_STATE_HOME/strata` (`~/.local/state/strata`).
    let directory: URL

    init(environment: [String: String]) {
        directory = stateDirectory(environment).appendingPathComponent("allowed", isDirectory: true)
    }

    /// Whether the config at `path` (absolute) with `contents` is approved.
    func verdict(for path: String, contents: Data) -> Verdict {
        guard let record = try? String(contentsOf: record(for: path), encoding: .utf8) else { return .unknown }
        return record.hasPrefix(SHA256.hex(contents) + " ") ? .allowed : .changed
    }

    /// Approves the config at `path` as it is now.
    /// - Returns: the SHA-256 of the approved content.
    @discardableResult
    func allow(_ path: String, contents: Data) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let digest = SHA256.hex(contents)
        try Data("\(digest) \(path)\n".utf8).write(to: record(for: path), options: .atomic)
        return digest
    }

    /// Withdraws the approval of `path`. Returns whether there was one.
    func revoke(_ path: String) -> Bool {
        (try? FileManager.default.removeItem(at: record(for: path))) != nil
    }

    private func record(for path: String) -> URL {
        directory.appendingPathComponent(SHA256.hex(Array(path.utf8)))
    }
}

/// `$XDG_STATE_HOME/strata` (`~/.local/state/strata`): what strata remembers between runs.
func stateDirectory(_ environment: [String: String]) -> URL {
    let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(homeDirectory(environment))/.local/state"
    return URL(fileURLWithPath: state).appendingPathComponent("strata", isDirectory: true)
}
