import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    func track(_ command: RunningTrackCommand, _ invocation: CommandInvocation) async throws {
        let statistics = try await context.service((any InspectTrackUseCase).self).execute(file: URL(fileURLWithPath: command.file))
        if command.json {
            try invocation.writeJSON(TrackJSON(statistics))
        } else {
            invocation.write(TrackReport.text(statistics))
        }
    }
}
