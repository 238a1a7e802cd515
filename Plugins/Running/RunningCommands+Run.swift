import Foundation
import RunningDomain
import RunningPresentation
import StrataPluginKit

extension RunningCommands {
    func run(_ command: RunningRunCommand, _ invocation: CommandInvocation) async throws {
        // plugin.json lists the modes, so the host let only those through.
        let mode = command.mode.flatMap(RunningMode.init(rawValue:)) ?? .single
        let goal = try goal(command.goal)
        let speed = try speed(command.speed, live: false, option: RunningRunCommand.name(\.speed))
        if mode.needsMate && command.mateTrack == nil {
            throw CommandError.usage(
                "\(RunningRunCommand.name(\.mode)) \(mode.rawValue) needs \(RunningRunCommand.name(\.mateTrack)) FILE (a ghost to run against or with); for a live mate use `strata running host`"
            )
        }
        if !mode.needsMate && command.mateTrack != nil {
            throw CommandError.usage(
                "\(RunningRunCommand.name(\.mateTrack)) needs \(RunningRunCommand.name(\.mode)) race or \(RunningRunCommand.name(\.mode)) team")
        }
        let me = try await loadTrack(command.track, pace: pace(command.pace, option: RunningRunCommand.name(\.pace)))
        var ghost: GhostMate?
        var setting = RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: nickname(command.nickname, invocation))
        if let matePath = command.mateTrack {
            let mate = try await loadTrack(matePath, pace: pace(command.matePace, option: RunningRunCommand.name(\.matePace)))
            let name = mate.track.name.map { "ghost (\($0))" } ?? "ghost"
            ghost = GhostMate(nickname: name, timeline: mate.timeline)
            setting.mateNickname = name
        }
        let request = RunRequest(
            setting: setting, timeline: me.timeline, route: me.track.summary, mate: ghost,
            weightKg: settings.weightKg, speed: speed)
        try await perform(request, invocation: invocation, json: command.json)
    }

    /// Runs `request` (Ctrl-C cancels it), shows progress on a terminal and prints the result. Exits 0 when
    /// the run ended by itself, 130 (as for SIGINT) when the user cancelled it, 1 when the mate did.
    func perform(_ request: RunRequest, invocation: CommandInvocation, json: Bool) async throws {
        let useCase = try container.makeRunUseCase()
        let control = RunControl()
        let live = invocation.isTerminal && !json && request.speed > 0
        let paused = Int(request.timeline.pausedSeconds / 60)
        if paused > 0 {
            invocation.writeError("running: \(paused) min of standing still in \(request.route.fileName) are left out (moving time, as a watch counts it)")
        }
        let clock = try container.makeRunClock()
        let work = Task {
            // MateRunner's 3, 2, 1, where a person watches; Ctrl-C meanwhile ends it before anything ran.
            if live {
                do {
                    try await RunCountdown.count(for: request, on: clock) { invocation.updateStatusLine("Get ready: \($0)…") }
                } catch {
                    throw Interrupted()
                }
            }
            return try await useCase.execute(request, control: control) { data in
                if live { invocation.updateStatusLine(RunningTextReport.liveLine(RunningViewState(data, setting: request.setting))) }
            }
        }
        // strata cancels this command's task at Ctrl-C (or SIGTERM): the run ends as cancelled, and is saved.
        let result = try await withTaskCancellationHandler {
            try await work.value
        } onCancel: {
            control.cancel()
            work.cancel()
        }
        if live { invocation.write("\n") }
        if json {
            try invocation.writeJSON(RunResultJSON(result, route: request.route, sessionID: request.setting.sessionID))
        } else {
            invocation.write(RunningTextReport.result(result, route: request.route))
        }
        switch result.ending {
        case .finished, .trackEnded: return
        case .cancelled: throw CommandError.exit(130)
        case .cancelledByMate: throw CommandError.exit(1)
        }
    }
}
