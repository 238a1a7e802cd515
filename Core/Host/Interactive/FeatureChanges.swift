import FoundationEssentials
import StrataBase

/// What the app does when its config or plugin folders changed and the catalog was read again: the features
/// it shows now (what a fresh start would show, but for plugins whose code already runs in strata), the line
/// that says what changed, and the open screens that must close.
struct FeatureChanges {
    /// The records the home screen shows from now on.
    let records: [PluginRecord]
    /// What changed, a line for each plugin (`Added Hello from ~/.local/lib/strata/plugins`), by its id.
    private let lines: [(id: String, line: String)]
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
        var lines: [(id: String, line: String)] = []
        var gone: [String: String] = [:]
        for old in shown where !isShown.contains(old.id) {
            let reason = "its library is gone from \(folder(old))"
            lines.append((old.id, "\(Self.name(old)) was removed: \(reason)"))
            gone[old.id] = reason
        }
        for record in records {
            let name = Self.name(record)
            guard let old = wasShown[record.id] else {
                lines.append((record.id, "Added \(name) from \(folder(record))"))
                continue
            }
            if record.state == .disabled, old.state != .disabled {
                let reason = "it was disabled in \(configSource)"
                lines.append((record.id, "\(name) was disabled in \(configSource)"))
                gone[record.id] = reason
            } else if old.state == .disabled, record.state != .disabled {
                lines.append((record.id, "\(name) was enabled"))
            } else if record.state != .disabled, let read = wasRead[record.id], let new = fresh.first(where: { $0.id == record.id }),
                read.path != new.path || read.identity != new.identity
            {
                if running[record.id] != nil {
                    lines.append((record.id, "\(name) changed: restart strata to use the new \(Self.name(new))"))
                } else if Self.isUsable(new) {
                    lines.append((record.id, "Updated \(name) from \(folder(new))"))
                }
            }
        }
        self.lines = lines
        self.gone = gone
    }

    /// One line for the home screen, or `nil` when nothing changed.
    var notice: String? { notice(except: nil) }

    /// The line for the home screen, leaving out plugin `id`'s part (the app says why its screen closed instead).
    func notice(except id: String?) -> String? {
        let said = lines.filter { $0.id != id }.map(\.line)
        return said.isEmpty ? nil : said.joined(separator: "; ")
    }

    /// Whether the home screen can open it (its code may load).
    static func isUsable(_ record: PluginRecord) -> Bool { record.state == .enabled || record.state == .loaded }

    /// Its name as the home screen shows it.
    static func name(_ record: PluginRecord) -> String { Sanitizer.sanitize(record.facts?.displayName ?? record.id) }
}
