import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataPluginKit

/// The feature's command line: `strata blocks …`, `strata daily …`, `strata timer …` and `strata clock …`.
struct BlocksCommands: Sendable {
    let container: BlocksDIContainer

    /// Contributes every command; failures are worded by `BlocksErrorText`, for the kind the command's first
    /// word names (`blocks`, `daily`, `timer`).
    func register(in context: PluginContext) throws {
        let commands = PluginCommands(context) { error, words in
            .failure(BlocksErrorText.text(error, kind: ModeKind.allCases.first { words.first?.hasPrefix($0.rawValue) == true }))
        }
        try addItemCommands(container.makeBlockUseCases, to: commands)
        try addItemCommands(container.makeDailyUseCases, to: commands)
        try addItemCommands(container.makeTimerUseCases, to: commands)
        try addClockCommands(to: commands)
    }

    // MARK: Shared output

    func printClock(_ state: ClockState?, json: Bool, to invocation: CommandInvocation) throws {
        if json {
            try invocation.writeJSON(BlocksJSON.Clock(state))
        } else {
            invocation.write(ClockFormatting.text(state, calendar: try container.makeCalendar()))
        }
    }

    func start(_ kind: ModeKind, id: UUID, json: Bool, invocation: CommandInvocation) throws {
        let replaced = try running(other: id)
        let state = try container.makeModeStartUseCase().execute(kind, id: id)
        if !json {
            if let replaced { invocation.writeLine("Stopped \(replaced): one thing runs at a time.") }
            invocation.writeLine("Started \(kind.rawValue) \"\(state.title)\".")
        }
        try printClock(state, json: json, to: invocation)
    }

    /// What runs now, as "daily \"Study\"", unless it is the item `id` (or nothing runs).
    func running(other id: UUID) throws -> String? {
        guard let state = try container.makeClockFetchUseCase().execute(), state.mode.itemID != id else {
            return nil
        }
        return "\(state.mode.kind.rawValue) \"\(state.title)\""
    }
}
