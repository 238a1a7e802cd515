import FoundationEssentials
import StrataBase
import StrataPluginKit

/// `strata plugins audit ID [--since DURATION] [--json] [--learn]`: what plugin `id`'s helpers reached through
/// strata and what strata refused them (``PluginAudit``), oldest first; `--learn`, the smallest `capabilities`
/// block that covers it, to paste into its `plugin.json` or under `features.<id>` in the config.
struct PluginAuditReport {
    let id: String
    let reading: PluginAudit.Reading
    private var entries: [PluginAudit.Entry] { reading.entries }
    /// Where it runs (`features.<id>.isolation`): `none` is inside strata, where nothing crosses.
    let isolation: IsolationSettings.Mode
    private var inProcess: Bool { isolation == .none }
    /// What `--since` said, for the sentences.
    let since: String?
    let configSource: String

    /// What `--json` prints.
    struct JSON: Encodable {
        let id: String
        /// `process`, `process-unsandboxed` or `none`.
        let isolation: String
        let entries: [PluginAudit.Entry]
        /// Each file of the audit that is there but wasn't read, and why (left out when none).
        let unread: [String]?
    }

    /// What `--learn` prints: the block as `plugin.json` and `features.<id>` take it.
    struct Learned: Encodable {
        let capabilities: PluginDescriptor.Capabilities
    }

    func run(json: Bool, learn: Bool) throws(CommandExit) {
        let window = since.map { " in the last \($0)" } ?? ""
        if !json {
            for file in reading.unread { Console.error("\(file): not read.") }
            if reading.skippedLines > 0 {
                Console.error(
                    "\(reading.skippedLines) line\(reading.skippedLines == 1 ? "" : "s") of \(id)'s audit log \(reading.skippedLines == 1 ? "isn't an entry" : "aren't entries") (damaged, or not written by strata), and left out."
                )
            }
        }
        if learn {
            let (capabilities, notes) = PluginAudit.learned(from: entries)
            Console.writeJSON(Learned(capabilities: capabilities))
            if !json {
                for note in notes { Console.error(note) }
                Console.error(
                    entries.isEmpty
                        ? "\(id) used nothing beyond its data folder\(window)\(inProcess ? " (it runs inside strata, where nothing is recorded)" : ""): the block is empty."
                        : "Covers the \(entries.count) crossings recorded\(window). Paste it into \(id)'s plugin.json, or under features.\(id) in \(configSource)."
                )
            }
            return
        }
        if json {
            Console.writeJSON(JSON(id: id, isolation: isolation.rawValue, entries: entries, unread: reading.unread.isEmpty ? nil : reading.unread))
            return
        }
        guard !entries.isEmpty else {
            guard reading.unread.isEmpty else {
                Console.writeLine("Nothing of \(id)'s audit could be read\(window): see above.")
                throw .failure
            }
            Console.writeLine(
                inProcess
                    ? "\(id) runs inside strata (\"isolation\": \"none\"): nothing crosses a helper, so strata records nothing for it. "
                        + "Set \"isolation\": \"process\" under features.\(id) in \(configSource) to run it sandboxed and audited."
                    : "\(id)'s helper reached nothing through strata\(window): no request, socket, file, variable or prompt is recorded.")
            return
        }
        let refused = entries.filter(\.refused).count
        Console.writeLine("\(id): \(entries.count) crossing\(entries.count == 1 ? "" : "s")\(window), \(refused) refused (oldest first):")
        Console.write(Console.table([["TIME", "KIND", "WHAT", "VERDICT"]] + entries.map(Self.row)))
    }

    /// One line of the table: its time in UTC to the millisecond, without the date's `T` and `Z`.
    static func row(_ entry: PluginAudit.Entry) -> [String] {
        let time = String(entry.time.map { $0 == "T" ? " " : $0 }.filter { $0 != "Z" })
        return [Sanitizer.sanitize(time), entry.kind.rawValue, entry.summary, entry.verdict]
    }
}

extension PluginsCommands {
    /// `strata plugins audit ID [--since DURATION] [--json] [--learn]`.
    func audit(id: String, since: String?, json: Bool, learn: Bool) throws(CommandExit) {
        var start: Date?
        if let since {
            guard let seconds = PluginAudit.duration(since) else {
                Console.error(
                    "--since \(Sanitizer.sanitize(String(since.prefix(40)))) is not a length of time strata takes: give a whole number from 1 and s, m, h or d, "
                        + "up to 3650d, such as 10m, 2h or 1d.\nUsage: strata \(HostCommand.named(PluginsAuditCommand.words).usage)")
                throw .usage
            }
            start = Date(timeIntervalSinceNow: -seconds)
        }
        guard PluginLifecycleCommands(catalog: runner.catalog).known(id) != nil else { throw .failure }
        try PluginAuditReport(
            id: id, reading: PluginAudit.read(of: id, since: start, environment: runner.context.environment), isolation: runner.isolation(for: id).mode,
            since: since,
            configSource: runner.context.config.source
        ).run(json: json, learn: learn)
    }
}
