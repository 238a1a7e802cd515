import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    var track: PluginCommand {
        command(["running", "track"]) { arguments, invocation in
            let file = URL(fileURLWithPath: arguments.positionals[0])
            let statistics = try await context.service((any InspectTrackUseCase).self).execute(file: file)
            if arguments.has("--json") {
                try invocation.writeJSON(TrackJSON(statistics))
            } else {
                invocation.write(TrackReport.text(statistics))
            }
        }
    }
}
