import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataPluginKit

/// The feature's command line: `strata blocks …`, `strata daily …`, `strata timer …` and `strata clock …`.
struct BlocksCommands: Sendable {
    let context: PluginContext

    var all: [PluginCommand] {
        itemCommands(Block.self) + itemCommands(Daily.self) + itemCommands(FocusTimer.self) + clockCommands
    }

    /// A command whose failures are worded by `BlocksErrorText`, for the kind its first word names
    /// (`blocks`, `daily`, `timer`).
    func command(_ path: [String],
                 body: @escaping @Sendable (CommandArguments, CommandInvocation) async throws -> Void) -> PluginCommand {
        let kind = ModeKind.allCases.first { path.first?.hasPrefix($0.rawValue) == true }
        return PluginCommand(path: path, errors: { .failure(BlocksErrorText.text($0, kind: kind)) }, run: body)
    }

    // MARK: Argument helpers

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

extension CommandArguments {
    func duration(_ option: String) throws(CommandError) -> Int? {
        guard let value = value(option) else { return nil }
        guard let seconds = DurationText.seconds(from: value) else {
            throw .usage("\(option) needs a duration such as 50m, 1h30m or 90s, got '\(value)'")
        }
        return seconds
    }

    func timeOfDay(_ option: String) throws(CommandError) -> Int? {
        guard let value = value(option) else { return nil }
        guard let seconds = ClockTimeText.seconds(from: value) else {
            throw .usage("\(option) needs a time of day such as 09:00, got '\(value)'")
        }
        return seconds
    }
}
