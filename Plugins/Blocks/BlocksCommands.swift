import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataPluginKit

/// The feature's command line: `strata blocks …`, `strata daily …`, `strata timer …` and `strata clock …`.
struct BlocksCommands: Sendable {
    let context: PluginContext

    /// Contributes every command; failures are worded by `BlocksErrorText`, for the kind the command's first
    /// word names (`blocks`, `daily`, `timer`).
    func register() throws {
        let commands = PluginCommands(context) { error, words in
            .failure(BlocksErrorText.text(error, kind: ModeKind.allCases.first { words.first?.hasPrefix($0.rawValue) == true }))
        }
        try addItemCommands(Block.self, to: commands)
        try addItemCommands(Daily.self, to: commands)
        try addItemCommands(FocusTimer.self, to: commands)
        try addClockCommands(to: commands)
    }

    // MARK: Shared output

    func printClock(_ state: ClockState?, json: Bool, to invocation: CommandInvocation) throws {
        if json {
            try invocation.writeJSON(BlocksJSON.Clock(state))
        } else {
            invocation.write(ClockFormatting.text(state, calendar: try context.service(Calendar.self)))
        }
    }

    func start(_ kind: ModeKind, id: UUID, json: Bool, invocation: CommandInvocation) throws {
        let replaced = try running(other: id)
        let state = try context.service((any ModeStartUseCase).self).execute(kind, id: id)
        if !json {
            if let replaced { invocation.writeLine("Stopped \(replaced): one thing runs at a time.") }
            invocation.writeLine("Started \(kind.rawValue) \"\(state.title)\".")
        }
        try printClock(state, json: json, to: invocation)
    }

    /// What runs now, as "daily \"Study\"", unless it is the item `id` (or nothing runs).
    func running(other id: UUID) throws -> String? {
        guard let state = try context.service((any ClockFetchUseCase).self).execute(), state.mode.itemID != id else {
            return nil
        }
        return "\(state.mode.kind.rawValue) \"\(state.title)\""
    }
}
