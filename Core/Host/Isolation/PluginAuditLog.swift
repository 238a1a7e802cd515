import FoundationEssentials
import Glibc

/// Appends what crossed between a plugin's helper and strata to its audit file (``PluginAudit``): one
/// `write` per line on a descriptor opened `O_APPEND` (0600, in a folder of 0700), so that lines from
/// several strata processes don't interleave; each line is written under the file's exclusive `flock`
/// (waited for at most about 100 ms), under which a file past ``PluginAudit/rotateBytes`` is renamed to
/// `<id>.jsonl.1` first. A line that can't be written is dropped: the plugin's command never fails for its
/// audit.
struct PluginAuditLog: Sendable {
    let pluginID: String
    let directory: URL

    init(pluginID: String, environment: [String: String]) {
        self.pluginID = pluginID
        directory = PluginAudit.directory(environment)
    }

    var file: URL { directory.appendingPathComponent("\(pluginID).jsonl") }

    func record(_ entry: PluginAudit.Entry) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(entry).map({ $0 }) else { return }
        if line.count >= PluginAudit.lineLimit {
            var shorter = entry
            (shorter.path, shorter.reason) = (shorter.path.map { String($0.prefix(200)) }, shorter.reason.map { String($0.prefix(200)) })
            guard let encoded = try? encoder.encode(shorter), encoded.count < PluginAudit.lineLimit else { return }
            line = Array(encoded)
        }
        line.append(UInt8(ascii: "\n"))
        guard let descriptor = openForAppending() else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The audit file opened to append, rotated first when it is full; `nil` when it can't be.
    private func openForAppending() -> Int32? {
        let path = file.path
        for _ in 0..<2 {
            var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            if descriptor < 0, errno == ENOENT {
                guard (try? PrivateFolder.prepare(directory)) != nil else { return nil }
                descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            }
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                status.st_mode & 0o022 == 0, Self.lock(descriptor),
                fstat(descriptor, &status) == 0
            else {
                close(descriptor)
                return nil
            }
            guard status.st_size >= PluginAudit.rotateBytes else { return descriptor }
            // Full: renamed, if the name still leads to this file (another process may have renamed it since it opened).
            var named = stat()
            if lstat(path, &named) == 0, named.st_ino == status.st_ino, named.st_dev == status.st_dev { rename(path, path + ".1") }
            close(descriptor)
        }
        return nil
    }

    /// Takes the file's exclusive lock, waiting at most about 100 ms for another strata that holds it.
    private static func lock(_ descriptor: Int32) -> Bool {
        for _ in 0..<100 {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { return false }
            usleep(1_000)
        }
        return false
    }
}
