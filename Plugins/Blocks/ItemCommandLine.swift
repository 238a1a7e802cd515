import BlocksDomain
import BlocksPresentation
import StrataPluginKit

/// What the command line of one kind reads and says beyond what `BlocksCommands.itemCommands` writes once
/// for all three.
protocol ItemCommandLine: PresentedItem {
    /// `edit`'s options (as `plugin.json` declares them), `--title` first.
    static var editOptions: [String] { get }

    /// The draft the options give: for `add` (`changing` is `nil`) from the options alone; for `edit` from the
    /// saved draft with the options given replacing its fields.
    /// - Throws: `CommandError.usage` for a missing or malformed option.
    static func draft(from arguments: CommandArguments, title: String, changing saved: Draft?) throws(CommandError)
        -> Draft

    /// A line to add after `add` or `edit` saved this item from `draft`, when the rules changed what was asked.
    func note(afterSaving draft: Draft) -> String?
}

extension ItemCommandLine {
    func note(afterSaving draft: Draft) -> String? { nil }
}

extension Block: ItemCommandLine {
    static let editOptions = ["--title", "--hours"]

    static func draft(from arguments: CommandArguments, title: String, changing saved: BlockDraft?)
        throws(CommandError) -> BlockDraft {
        guard let hours = arguments.integer("--hours") ?? saved?.hours else { throw .usage("missing --hours N") }
        return BlockDraft(title: title, hours: hours)
    }
}

extension Daily: ItemCommandLine {
    static let editOptions = ["--title", "--start", "--focus", "--break", "--repeat"]

    static func draft(from arguments: CommandArguments, title: String, changing saved: DailyDraft?)
        throws(CommandError) -> DailyDraft {
        guard let start = try arguments.timeOfDay("--start") ?? saved?.startSeconds else {
            throw .usage("missing --start HH:MM")
        }
        guard let focus = try arguments.duration("--focus") ?? saved?.focusSeconds else {
            throw .usage("missing --focus DURATION")
        }
        guard let rest = try arguments.duration("--break") ?? saved?.breakSeconds else {
            throw .usage("missing --break DURATION")
        }
        return DailyDraft(title: title, startSeconds: start,
                          repeatCount: arguments.integer("--repeat") ?? saved?.repeatCount ?? 1,
                          focusSeconds: focus, breakSeconds: rest)
    }

    func note(afterSaving draft: DailyDraft) -> String? {
        let notes = [
            repeatCount < draft.repeatCount ? "The repeat count was lowered to \(repeatCount) so the schedule fits in a day." : nil,
            zeroDurationNote("focus", draft.focusSeconds), zeroDurationNote("break", draft.breakSeconds),
        ].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }
}

extension FocusTimer: ItemCommandLine {
    static let editOptions = ["--title", "--duration"]

    static func draft(from arguments: CommandArguments, title: String, changing saved: TimerDraft?)
        throws(CommandError) -> TimerDraft {
        guard let seconds = try arguments.duration("--duration") ?? saved?.durationSeconds else {
            throw .usage("missing --duration DURATION (e.g. 25m)")
        }
        return TimerDraft(title: title, durationSeconds: seconds)
    }

    func note(afterSaving draft: TimerDraft) -> String? { zeroDurationNote("duration", draft.durationSeconds) }
}

/// What became of a duration of 0: Tempus's rule makes it the shortest one, a minute.
private func zeroDurationNote(_ field: String, _ seconds: Int) -> String? {
    seconds == 0 ? "A \(field) of 0 became \(BlocksValidation.minimumDuration / 60) minute, the shortest there is." : nil
}
