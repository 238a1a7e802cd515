import Foundation
import RunningData
import RunningDomain
import RunningPresentation
import StrataPluginKit

/// The `strata running …` commands (what each takes is in `plugin.json`). Exit codes: 0 a result was printed,
/// 1 failure, 2 usage error, 130 cancelled with Ctrl-C.
struct RunningCommands: Sendable {
    let container: RunningDIContainer
    let settings: RunningSettings

    /// Contributes the commands, their failures worded by `RunningErrorText`: a run the options make
    /// impossible is a usage error (exit 2); Ctrl-C exits 130.
    func register(in context: PluginContext) throws {
        let commands = PluginCommands(context) { error, _ in
            let text = RunningErrorText.text(error, for: .commandLine)
            return switch error {
            case is Interrupted: .interrupted(text)
            // A track too short for the goal breaks a rule, not the command line's grammar.
            case RunRequestProblem.tooShort: .failure(text)
            // What is wrong with a file (a track partly timed, a clock that jumps) is no usage error either.
            case is RunRequestProblem: .usage(text)
            default: .failure(text)
            }
        }
        try commands.add(RunningRunCommand.self) { try await run($0, $1) }
        try commands.add(RunningHostCommand.self) { try await host($0, $1) }
        try commands.add(RunningJoinCommand.self) { try await join($0, $1) }
        try commands.add(RunningHistoryCommand.self) { try await history($0, $1) }
        try commands.add(RunningImportCommand.self) { try await importRun($0, $1) }
        try commands.add(RunningRecordsCommand.self) { try await records($0, $1) }
        try commands.add(RunningTrackCommand.self) { try await track($0, $1) }
    }

    // MARK: Options shared by the commands

    func goal(_ text: String?) throws(CommandError) -> Double {
        switch GoalInput.parse(text, defaultKm: settings.defaultGoal) {
        case .success(let km): return km
        case .failure(let problem): throw .usage(RunningErrorText.text(problem))
        }
    }

    /// `--speed` (its range is declared), which a live mate, who runs in real time, can't take at 0.
    func speed(_ speed: Double?, live: Bool, option: String) throws(CommandError) -> Double {
        if live && speed == 0 {
            throw .usage("\(option) 0 (instant) can't be used with a live mate, who runs in real time; use 1 or more")
        }
        return speed ?? 1
    }

    func pace(_ text: String?, option: String) throws(CommandError) -> Pace? {
        guard let text else { return nil }
        guard let pace = Pace(text) else {
            throw .usage("\(option) \(text) is not a pace in minutes:seconds per km from 2:00 to 30:00, e.g. 5:30")
        }
        return pace
    }

    func nickname(_ given: String?, _ invocation: CommandInvocation) -> String {
        given ?? settings.myNickname(invocation.environment)
    }

    /// Reads a GPX file and makes the timeline to replay it.
    func loadTrack(_ path: String, pace: Pace?) async throws -> (track: RunTrack, timeline: ReplayTimeline) {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let track = try await container.makeTrackRepository().track(at: url)
        return (track, try ReplayTimeline(track: track, pace: pace))
    }
}
