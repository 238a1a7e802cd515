import BlocksDomain
import BlocksPresentation
import StrataPluginKit

/// What the command line of one kind reads and says beyond what `BlocksCommands.itemCommands` writes once
/// for all three: its commands' generated types (`BlocksAddCommand`, `DailyAddCommand`, …) and the drafts
/// their options give.
protocol ItemCommandLine: PresentedItem {
    associatedtype List: PrintsJSON
    associatedtype Add: AddsItem
    associatedtype Show: NamesItem & PrintsJSON
    associatedtype Edit: EditsItem
    associatedtype Delete: NamesItem
    associatedtype Start: NamesItem & PrintsJSON

    /// The draft `add`'s options give (`plugin.json` requires what it needs).
    /// - Throws: `CommandError.usage` for a malformed option.
    static func draft(from command: Add) throws(CommandError) -> Draft
    /// The saved draft with `edit`'s options given replacing its fields, and `title`.
    /// - Throws: `CommandError.usage` for a malformed option.
    static func draft(from command: Edit, title: String, changing saved: Draft) throws(CommandError) -> Draft

    /// A line to add after `add` or `edit` saved this item from `draft`, when the rules changed what was asked.
    func note(afterSaving draft: Draft) -> String?
}

extension ItemCommandLine {
    func note(afterSaving draft: Draft) -> String? { nil }
}

/// A command with `--json`.
protocol PrintsJSON: DeclaredCommand {
    var json: Bool { get }
}

/// An `add`: the title is its free text; `--now` starts what it added.
protocol AddsItem: PrintsJSON {
    var now: Bool { get }
}

/// A command that names an item by its `ID...` (its free text).
protocol NamesItem: DeclaredCommand {}

/// An `edit`: `--title` and the kind's own options, at least one of them given.
protocol EditsItem: NamesItem & PrintsJSON {
    var title: String? { get }
    /// The options that change something, as written on the command line, `--title` first.
    static var changeOptions: [String] { get }
    /// Whether any of them was given.
    var changesSomething: Bool { get }
}

extension BlocksListCommand: PrintsJSON {}
extension BlocksAddCommand: AddsItem {}
extension BlocksShowCommand: NamesItem, PrintsJSON {}
extension BlocksDeleteCommand: NamesItem {}
extension BlocksStartCommand: NamesItem, PrintsJSON {}
extension BlocksEditCommand: EditsItem {
    static var changeOptions: [String] { [name(\.title), name(\.hours)] }
    var changesSomething: Bool { title != nil || hours != nil }
}

extension Block: ItemCommandLine {
    typealias List = BlocksListCommand
    typealias Add = BlocksAddCommand
    typealias Show = BlocksShowCommand
    typealias Edit = BlocksEditCommand
    typealias Delete = BlocksDeleteCommand
    typealias Start = BlocksStartCommand

    static func draft(from command: BlocksAddCommand) -> BlockDraft {
        BlockDraft(title: command.arguments.text, hours: command.hours)
    }

    static func draft(from command: BlocksEditCommand, title: String, changing saved: BlockDraft) -> BlockDraft {
        BlockDraft(title: title, hours: command.hours ?? saved.hours)
    }
}

extension DailyListCommand: PrintsJSON {}
extension DailyAddCommand: AddsItem {}
extension DailyShowCommand: NamesItem, PrintsJSON {}
extension DailyDeleteCommand: NamesItem {}
extension DailyStartCommand: NamesItem, PrintsJSON {}
extension DailyEditCommand: EditsItem {
    static var changeOptions: [String] { [name(\.title), name(\.start), name(\.focus), name(\.break), name(\.repeat)] }
    var changesSomething: Bool { title != nil || start != nil || focus != nil || `break` != nil || `repeat` != nil }
}

extension Daily: ItemCommandLine {
    typealias List = DailyListCommand
    typealias Add = DailyAddCommand
    typealias Show = DailyShowCommand
    typealias Edit = DailyEditCommand
    typealias Delete = DailyDeleteCommand
    typealias Start = DailyStartCommand

    static func draft(from command: DailyAddCommand) throws(CommandError) -> DailyDraft {
        DailyDraft(
            title: command.arguments.text, startSeconds: try timeOfDay(command.start, DailyAddCommand.name(\.start)),
            repeatCount: command.repeat ?? 1, focusSeconds: try duration(command.focus, DailyAddCommand.name(\.focus)),
            breakSeconds: try duration(command.break, DailyAddCommand.name(\.break)))
    }

    static func draft(from command: DailyEditCommand, title: String, changing saved: DailyDraft) throws(CommandError) -> DailyDraft {
        DailyDraft(
            title: title,
            startSeconds: try command.start.map { value throws(CommandError) in try timeOfDay(value, DailyEditCommand.name(\.start)) } ?? saved.startSeconds,
            repeatCount: command.repeat ?? saved.repeatCount,
            focusSeconds: try command.focus.map { value throws(CommandError) in try duration(value, DailyEditCommand.name(\.focus)) } ?? saved.focusSeconds,
            breakSeconds: try command.break.map { value throws(CommandError) in try duration(value, DailyEditCommand.name(\.break)) } ?? saved.breakSeconds)
    }

    func note(afterSaving draft: DailyDraft) -> String? {
        let notes = [
            repeatCount < draft.repeatCount ? "The repeat count was lowered to \(repeatCount) so the schedule fits in a day." : nil,
            zeroDurationNote("focus", draft.focusSeconds), zeroDurationNote("break", draft.breakSeconds),
        ].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }
}

extension TimerListCommand: PrintsJSON {}
extension TimerAddCommand: AddsItem {}
extension TimerShowCommand: NamesItem, PrintsJSON {}
extension TimerDeleteCommand: NamesItem {}
extension TimerStartCommand: NamesItem, PrintsJSON {}
extension TimerEditCommand: EditsItem {
    static var changeOptions: [String] { [name(\.title), name(\.duration)] }
    var changesSomething: Bool { title != nil || duration != nil }
}

extension FocusTimer: ItemCommandLine {
    typealias List = TimerListCommand
    typealias Add = TimerAddCommand
    typealias Show = TimerShowCommand
    typealias Edit = TimerEditCommand
    typealias Delete = TimerDeleteCommand
    typealias Start = TimerStartCommand

    static func draft(from command: TimerAddCommand) throws(CommandError) -> TimerDraft {
        TimerDraft(title: command.arguments.text, durationSeconds: try duration(command.duration, TimerAddCommand.name(\.duration)))
    }

    static func draft(from command: TimerEditCommand, title: String, changing saved: TimerDraft) throws(CommandError) -> TimerDraft {
        TimerDraft(
            title: title,
            durationSeconds: try command.duration.map { value throws(CommandError) in
                try duration(value, TimerEditCommand.name(\.duration))
            } ?? saved.durationSeconds)
    }

    func note(afterSaving draft: TimerDraft) -> String? { zeroDurationNote("duration", draft.durationSeconds) }
}

/// A duration such as `50m`, `1h30m` or `90s` given to `option`, in seconds.
private func duration(_ value: String, _ option: String) throws(CommandError) -> Int {
    guard let seconds = DurationText.seconds(from: value) else {
        throw .usage("\(option) needs a duration such as 50m, 1h30m or 90s, got '\(value)'")
    }
    return seconds
}

/// A time of day such as `09:00` given to `option`, in seconds from midnight.
private func timeOfDay(_ value: String, _ option: String) throws(CommandError) -> Int {
    guard let seconds = ClockTimeText.seconds(from: value) else {
        throw .usage("\(option) needs a time of day such as 09:00, got '\(value)'")
    }
    return seconds
}

/// What became of a duration of 0: Tempus's rule makes it the shortest one, a minute.
private func zeroDurationNote(_ field: String, _ seconds: Int) -> String? {
    seconds == 0 ? "A \(field) of 0 became \(BlocksValidation.minimumDuration / 60) minute, the shortest there is." : nil
}
