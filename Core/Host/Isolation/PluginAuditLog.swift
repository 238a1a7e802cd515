import FoundationEssentials

/// Appends what crossed between a plugin's helper and strata to its audit file (``PluginAudit``), a
/// ``PrivateLog`` rotated past ``PluginAudit/rotateBytes``. A line that can't be written is dropped: the
/// plugin's command never fails for its audit.
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
        PrivateLog.append(line, to: file.path, in: directory, rotatingAt: PluginAudit.rotateBytes)
    }
}
