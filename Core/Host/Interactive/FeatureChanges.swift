import FoundationEssentials
import StrataBase

/// What the app does when its config or plugin folders changed and the catalog was read again: the features
/// it shows now (what a fresh start would show, but for plugins whose code already runs in strata), the line
/// that says what changed, and the open screens that must close.
struct FeatureChanges {
    /// The records the home screen shows from now on.
    let records: [PluginRecord]
    /// One line for the home screen (`Added Hello from ~/.local/lib/strata/plugins`), or `nil`.
    let notice: String?
    /// Why each plugin that went (disabled, removed) went: its open screens close with it.
    let gone: [String: String]

    /// - Parameters:
    ///   - shown: the records the home screen showed.
    ///   - before: the catalog's records as last read, and `fresh` as read now.
    ///   - running: the records of the plugins whose library this process has opened (``PluginLoader/opened``):
    ///     a usable one stays as it is, even if its file changed, since its code can't be unloaded.
    ///   - configSource: where the config comes from, for "disabled in …".
    ///   - home: the user's home folder, written `~` in folder names.
    init(shown: [PluginRecord], before: [PluginRecord], fresh: [PluginRecord], running: [PluginRecord], configSource: String, home: String) {
        let running = Dictionary(running.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        records = fresh.map { record in
            // The code in strata goes on as it was, unless the plugin was turned off (or its file is the same,
            // and the config now refuses it).
            guard let live = running[record.id], record.state != .disabled else { return record }
            return Self.isUsable(record) || live.path != record.path || live.identity != record.identity ? live : record
        }
        let wasShown = Dictionary(shown.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let wasRead = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let isShown = Set(records.map(\.id))
        func folder(_ record: PluginRecord) -> String {
            let folder = URL(fileURLWithPath: record.path).deletingLastPathComponent().path
            return folder == home || folder.hasPrefix(home + "/") ? "~" + folder.dropFirst(home.count) : folder
        }
        var lines: [String] = []
        var gone: [String: String] = [:]
        for old in shown where !isShown.contains(old.id) {
            let reason = "its library is gone from \(folder(old))"
            lines.append("\(Self.name(old)) was removed: \(reason)")
            gone[old.id] = reason
        }
        for record in records {
            let name = Self.name(record)
            guard let old = wasShown[record.id] else {
                lines.append("Added \(name) from \(folder(record))")
                continue
            }
            if record.state == .disabled, old.state != .disabled {
                let reason = "it was disabled in \(configSource)"
                lines.append("\(name) was disabled in \(configSource)")
                gone[record.id] = reason
            } else if old.state == .disabled, record.state != .disabled {
                lines.append("\(name) was enabled")
            } else if record.state != .disabled, let read = wasRead[record.id], let new = fresh.first(where: { $0.id == record.id }),
                read.path != new.path || read.identity != new.identity
            {
                if running[record.id] != nil {
                    lines.append("\(name) changed: restart strata to use the new \(Self.name(new))")
                } else if Self.isUsable(new) {
                    lines.append("Updated \(name) from \(folder(new))")
                }
            }
        }
        notice = lines.isEmpty ? nil : lines.joined(separator: "; ")
        self.gone = gone
    }

    /// Whether the home screen can open it (its code may load).
    static func isUsable(_ record: PluginRecord) -> Bool { record.state == .enabled || record.state == .loaded }

    /// Its name as the home screen shows it.
    static func name(_ record: PluginRecord) -> String { Sanitizer.sanitize(record.facts?.displayName ?? record.id) }
}
