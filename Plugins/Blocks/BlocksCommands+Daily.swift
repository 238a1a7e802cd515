import BlocksDomain
import BlocksPresentation
import StrataPluginKit

extension BlocksCommands {
    var dailyCommands: [PluginCommand] {
        [
            command(["daily", "list"], "List daily schedules, newest first", usage: "strata daily list [--json]",
                    flags: ["--json"]) { arguments, invocation in
                try noPositionals(arguments)
                let dailies = try context.service((any DailyFetchUseCase).self).fetchAll()
                if arguments.has("--json") {
                    try invocation.writeJSON(dailies.map(BlocksJSON.DailyItem.init))
                } else {
                    invocation.write(BlocksTextFormatter.dailies(dailies))
                }
            },
            command(["daily", "add"], "Add a daily schedule of focus and break rounds",
                    usage: "strata daily add TITLE --start HH:MM --focus DURATION --break DURATION [--repeat N] [--now] [--json]",
                    options: ["--start", "--focus", "--break", "--repeat"], flags: ["--now", "--json"]) { arguments, invocation in
                let title = try text(arguments, "TITLE")
                guard let start = try timeOfDay(arguments, "--start") else { throw CommandError.usage("missing --start HH:MM") }
                guard let focus = try duration(arguments, "--focus") else { throw CommandError.usage("missing --focus DURATION") }
                guard let rest = try duration(arguments, "--break") else { throw CommandError.usage("missing --break DURATION") }
                let draft = DailyDraft(title: title, startSeconds: start, repeatCount: try integer(arguments, "--repeat") ?? 1,
                                       focusSeconds: focus, breakSeconds: rest)
                let daily = try context.service((any DailyCreateUseCase).self).execute(draft)
                try reportAdded(.daily, id: daily.id, json: arguments.has("--json"), now: arguments.has("--now"),
                                invocation: invocation, item: BlocksJSON.DailyItem(daily),
                                text: "Added daily \"\(daily.title)\" (\(ShortID.text(daily.id))) from \(ClockTimeText.text(daily.startSeconds)).")
            },
            command(["daily", "show"], "Show one daily schedule", usage: "strata daily show ID|TITLE [--json]",
                    flags: ["--json"]) { arguments, invocation in
                let daily = try findDaily(try text(arguments, "ID"))
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.DailyItem(daily))
                } else {
                    invocation.write(BlocksTextFormatter.daily(daily))
                }
            },
            command(["daily", "edit"], "Change a daily schedule (a repeat count that no longer fits is lowered)",
                    usage: "strata daily edit ID|TITLE [--title T] [--start HH:MM] [--focus D] [--break D] [--repeat N] [--json]",
                    options: ["--title", "--start", "--focus", "--break", "--repeat"], flags: ["--json"]) { arguments, invocation in
                let daily = try findDaily(try text(arguments, "ID"))
                let changed = ["--title", "--start", "--focus", "--break", "--repeat"].contains { arguments.value($0) != nil }
                guard changed else { throw CommandError.usage("nothing to change: give --title, --start, --focus, --break or --repeat") }
                let draft = DailyDraft(title: arguments.value("--title") ?? daily.title,
                                       startSeconds: try timeOfDay(arguments, "--start") ?? daily.startSeconds,
                                       repeatCount: try integer(arguments, "--repeat") ?? daily.repeatCount,
                                       focusSeconds: try duration(arguments, "--focus") ?? daily.focusSeconds,
                                       breakSeconds: try duration(arguments, "--break") ?? daily.breakSeconds)
                let edited = try context.service((any DailyEditUseCase).self).execute(id: daily.id, draft)
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.DailyItem(edited))
                    return
                }
                invocation.writeLine("Saved daily \"\(edited.title)\".")
                if edited.repeatCount < draft.repeatCount {
                    invocation.writeLine("The repeat count was lowered to \(edited.repeatCount) so the schedule fits in a day.")
                }
            },
            command(["daily", "delete"], "Delete a daily schedule", usage: "strata daily delete ID|TITLE") { arguments, invocation in
                let daily = try findDaily(try text(arguments, "ID"))
                try context.service((any DailyDeleteUseCase).self).execute(id: daily.id)
                invocation.writeLine("Deleted daily \"\(daily.title)\".")
            },
            command(["daily", "start"], "Start a daily schedule; `strata clock` shows it",
                    usage: "strata daily start ID|TITLE [--json]", flags: ["--json"]) { arguments, invocation in
                let daily = try findDaily(try text(arguments, "ID"))
                try start(.daily, id: daily.id, json: arguments.has("--json"), invocation: invocation)
            },
        ]
    }

    func findDaily(_ reference: String) throws -> Daily {
        let dailies = try context.service((any DailyFetchUseCase).self).fetchAll()
        return try ItemLookup.find(reference, in: dailies, kind: .daily, title: \.title)
    }
}
