import BlocksDomain
import BlocksPresentation
import StrataPluginKit

/// What the command line of one kind reads and says beyond what `BlocksCommands.itemCommands` writes once
/// for all three.
protocol ItemCommandLine: PresentedItem {
    /// "block"/"blocks", as the summaries of `list`, `show`, `delete` and `start` name it.
    static var nouns: (one: String, many: String) { get }
    static var addSummary: String { get }
    /// `add`'s options, as its usage shows them after the title.
    static var addUsage: String { get }
    static var addOptions: Set<String> { get }
    static var editSummary: String { get }
    /// `edit`'s options and what each takes, `--title` first.
    static var editOptions: [(option: String, value: String)] { get }

    /// The draft the options give: for `add` (`changing` is `nil`) from the options alone; for `edit` from the
    /// saved draft with the options given replacing its fields.
    /// - Throws: `CommandError.usage` for a missing or malformed option.
    static func draft(from arguments: CommandArguments, title: String, changing saved: Draft?) throws(CommandError)
        -> Draft

    /// A line to add after `edit` saved this item from `draft`, when the rules changed what was asked.
    func note(afterSaving draft: Draft) -> String?
}

extension ItemCommandLine {
    func note(afterSaving draft: Draft) -> String? { nil }
}

extension Block: ItemCommandLine {
    static let nouns = (one: "block", many: "blocks")
    static let addSummary = "Add a block: the day in N-hour blocks from midnight"
    static let addUsage = "--hours 3|4|6|8|12"
    static let addOptions: Set<String> = ["--hours"]
    static let editSummary = "Change a block's title or length"
    static let editOptions = [(option: "--title", value: "TITLE"), (option: "--hours", value: "N")]

    static func draft(from arguments: CommandArguments, title: String, changing saved: BlockDraft?)
        throws(CommandError) -> BlockDraft {
        guard let hours = try arguments.integer("--hours") ?? saved?.hours else { throw .usage("missing \(addUsage)") }
        return BlockDraft(title: title, hours: hours)
    }
}

extension Daily: ItemCommandLine {
    static let nouns = (one: "daily schedule", many: "daily schedules")
    static let addSummary = "Add a daily schedule of focus and break rounds"
    static let addUsage = "--start HH:MM --focus DURATION --break DURATION [--repeat N]"
    static let addOptions: Set<String> = ["--start", "--focus", "--break", "--repeat"]
    static let editSummary = "Change a daily schedule (a repeat count that no longer fits is lowered)"
    static let editOptions = [(option: "--title", value: "T"), (option: "--start", value: "HH:MM"),
                              (option: "--focus", value: "D"), (option: "--break", value: "D"),
                              (option: "--repeat", value: "N")]

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
                          repeatCount: try arguments.integer("--repeat") ?? saved?.repeatCount ?? 1,
                          focusSeconds: focus, breakSeconds: rest)
    }

    func note(afterSaving draft: DailyDraft) -> String? {
        repeatCount < draft.repeatCount
            ? "The repeat count was lowered to \(repeatCount) so the schedule fits in a day." : nil
    }
}

extension FocusTimer: ItemCommandLine {
    static let nouns = (one: "timer", many: "timers")
    static let addSummary = "Add a repeating timer"
    static let addUsage = "--duration DURATION"
    static let addOptions: Set<String> = ["--duration"]
    static let editSummary = "Change a timer's title or duration"
    static let editOptions = [(option: "--title", value: "TITLE"), (option: "--duration", value: "DURATION")]

    static func draft(from arguments: CommandArguments, title: String, changing saved: TimerDraft?)
        throws(CommandError) -> TimerDraft {
        guard let seconds = try arguments.duration("--duration") ?? saved?.durationSeconds else {
            throw .usage("missing --duration DURATION (e.g. 25m)")
        }
        return TimerDraft(title: title, durationSeconds: seconds)
    }
}
