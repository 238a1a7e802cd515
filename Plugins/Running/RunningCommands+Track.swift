import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    var track: PluginCommand {
        PluginCommand(path: ["running", "track"], summary: "A GPX track's length, times, elevation and bounds, without running it",
                      usage: "strata running track FILE [--json]") { invocation in
            do {
                let arguments = try CommandArguments(invocation.arguments, flags: ["--json"])
                let file = URL(fileURLWithPath: try arguments.positional(0, "FILE"))
                let statistics = try await context.service((any InspectTrackUseCase).self).execute(file: file)
                if arguments.has("--json") {
                    try invocation.writeJSON(TrackJSON(statistics))
                } else {
                    invocation.write(TrackReport.text(statistics))
                }
                return 0
            } catch {
                return report(error, to: invocation)
            }
        }
    }
}
