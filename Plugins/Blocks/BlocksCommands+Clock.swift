import BlocksDomain
import BlocksPresentation
import StrataPluginKit

extension BlocksCommands {
    var clockCommands: [PluginCommand] {
        [
            command(["clock"], "Show what runs: its phase and the time left",
                    usage: "strata clock [--json]", flags: ["--json"]) { arguments, invocation in
                try noPositionals(arguments)
                let state = try services.resolve((any ClockFetchUseCase).self).execute()
                try printClock(state, json: arguments.has("--json"), to: invocation)
            },
            command(["clock", "stop"], "Stop what runs", usage: "strata clock stop") { arguments, invocation in
                try noPositionals(arguments)
                let clock = try services.resolve((any ClockFetchUseCase).self).execute()
                guard try services.resolve((any ClockStopUseCase).self).execute() != nil else {
                    invocation.writeLine("Nothing was running.")
                    return
                }
                let what = clock.map { "\($0.mode.kind.rawValue) \"\($0.title)\"" } ?? "the clock"
                invocation.writeLine("Stopped \(what).")
            },
        ]
    }
}
