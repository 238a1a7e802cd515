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

    /// A command whose body throws: `CommandError.usage` exits 2 (the host then prints the usage), any other
    /// error is printed for people and exits 1.
    func command(_ path: [String], _ summary: String, usage: String, options: Set<String> = [],
                 flags: Set<String> = [],
                 body: @escaping @Sendable (CommandArguments, CommandInvocation) async throws -> Void) -> PluginCommand {
        let name = "strata " + path.joined(separator: " ")
        return PluginCommand(path: path, summary: summary, usage: usage) { invocation in
            do {
                let arguments = try CommandArguments(invocation.arguments, options: options, flags: flags)
                try await body(arguments, invocation)
                return 0
            } catch let error as CommandError {
                invocation.writeError("\(name): \(error)")
                return error.exitCode
            } catch {
                invocation.writeError("\(name): \(BlocksErrorText.text(error))")
                return 1
            }
        }
    }

    // MARK: Argument helpers

    /// The positionals joined by spaces, so an unquoted title of several words still works.
    func text(_ arguments: CommandArguments, _ name: String) throws(CommandError) -> String {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.isEmpty else { throw .usage("missing \(name)") }
        return text
    }

    func noPositionals(_ arguments: CommandArguments) throws(CommandError) {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument '\(extra)'") }
    }

    // MARK: Shared output

    func printClock(_ state: ClockState?, json: Bool, to invocation: CommandInvocation) throws {
        if json {
            try invocation.writeJSON(BlocksJSON.Clock(state))
        } else {
            invocation.write(ClockFormatting.text(state, calendar: try context.service(Calendar.self, name: context.pluginID)))
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
    func integer(_ option: String) throws(CommandError) -> Int? {
        guard let value = value(option) else { return nil }
        guard let number = Int(value) else { throw .usage("\(option) needs a whole number, got '\(value)'") }
        return number
    }

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
