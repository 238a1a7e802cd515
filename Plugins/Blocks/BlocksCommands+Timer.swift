import BlocksDomain
import BlocksPresentation
import StrataPluginKit

extension BlocksCommands {
    var timerCommands: [PluginCommand] {
        [
            command(["timer", "list"], "List timers, newest first", usage: "strata timer list [--json]",
                    flags: ["--json"]) { arguments, invocation in
                try noPositionals(arguments)
                let timers = try context.service((any TimerFetchUseCase).self).fetchAll()
                if arguments.has("--json") {
                    try invocation.writeJSON(timers.map(BlocksJSON.TimerItem.init))
                } else {
                    invocation.write(BlocksTextFormatter.timers(timers))
                }
            },
            command(["timer", "add"], "Add a repeating timer",
                    usage: "strata timer add TITLE --duration DURATION [--now] [--json]",
                    options: ["--duration"], flags: ["--now", "--json"]) { arguments, invocation in
                let title = try text(arguments, "TITLE")
                guard let seconds = try duration(arguments, "--duration") else {
                    throw CommandError.usage("missing --duration DURATION (e.g. 25m)")
                }
                let timer = try context.service((any TimerCreateUseCase).self)
                    .execute(TimerDraft(title: title, durationSeconds: seconds))
                try reportAdded(.timer, id: timer.id, json: arguments.has("--json"), now: arguments.has("--now"),
                                invocation: invocation, item: BlocksJSON.TimerItem(timer),
                                text: "Added timer \"\(timer.title)\" (\(ShortID.text(timer.id))): \(DurationText.text(timer.durationSeconds)), repeating.")
            },
            command(["timer", "show"], "Show one timer", usage: "strata timer show ID|TITLE [--json]",
                    flags: ["--json"]) { arguments, invocation in
                let timer = try findTimer(try text(arguments, "ID"))
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.TimerItem(timer))
                } else {
                    invocation.write(BlocksTextFormatter.timer(timer))
                }
            },
            command(["timer", "edit"], "Change a timer's title or duration",
                    usage: "strata timer edit ID|TITLE [--title TITLE] [--duration DURATION] [--json]",
                    options: ["--title", "--duration"], flags: ["--json"]) { arguments, invocation in
                let timer = try findTimer(try text(arguments, "ID"))
                guard arguments.value("--title") != nil || arguments.value("--duration") != nil else {
                    throw CommandError.usage("nothing to change: give --title or --duration")
                }
                let draft = TimerDraft(title: arguments.value("--title") ?? timer.title,
                                       durationSeconds: try duration(arguments, "--duration") ?? timer.durationSeconds)
                let edited = try context.service((any TimerEditUseCase).self).execute(id: timer.id, draft)
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.TimerItem(edited))
                } else {
                    invocation.writeLine("Saved timer \"\(edited.title)\": \(DurationText.text(edited.durationSeconds)), repeating.")
                }
            },
            command(["timer", "delete"], "Delete a timer", usage: "strata timer delete ID|TITLE") { arguments, invocation in
                let timer = try findTimer(try text(arguments, "ID"))
                try context.service((any TimerDeleteUseCase).self).execute(id: timer.id)
                invocation.writeLine("Deleted timer \"\(timer.title)\".")
            },
            command(["timer", "start"], "Start a timer; `strata clock` shows it",
                    usage: "strata timer start ID|TITLE [--json]", flags: ["--json"]) { arguments, invocation in
                let timer = try findTimer(try text(arguments, "ID"))
                try start(.timer, id: timer.id, json: arguments.has("--json"), invocation: invocation)
            },
        ]
    }

    func findTimer(_ reference: String) throws -> FocusTimer {
        let timers = try context.service((any TimerFetchUseCase).self).fetchAll()
        return try ItemLookup.find(reference, in: timers, kind: .timer, title: \.title)
    }
}
