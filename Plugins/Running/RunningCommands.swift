import Foundation
import RunningData
import RunningDomain
import RunningPresentation
import StrataPluginKit

/// The `strata running …` commands (what each takes is in `plugin.json`). Exit codes: 0 a result was printed,
/// 1 failure, 2 usage error, 130 cancelled with Ctrl-C.
struct RunningCommands: Sendable {
    let context: PluginContext
    let settings: RunningSettings

    var all: [PluginCommand] { [run, host, join, history, importRun, records, track] }

    /// A command whose failures are worded by `RunningErrorText`: a run the options make impossible is a usage
    /// error (exit 2); Ctrl-C exits 130.
    func command(_ path: [String],
                 _ body: @escaping @Sendable (CommandArguments, CommandInvocation) async throws -> Void) -> PluginCommand {
        PluginCommand(path: path, errors: { error in
            let text = RunningErrorText.text(error, for: .commandLine)
            return switch error {
            case is Interrupted: .interrupted(text)
            // A track too short for the goal breaks a rule, not the command line's grammar.
            case RunRequestProblem.tooShort: .failure(text)
            case is RunRequestProblem, ReplayTimeline.Problem.needsPace: .usage(text)
            default: .failure(text)
            }
        }, run: body)
    }

    // MARK: Options shared by the commands

    func goal(_ arguments: CommandArguments) throws(CommandError) -> Double {
        switch GoalInput.parse(arguments.value("--goal"), defaultKm: settings.defaultGoal) {
        case .success(let km): return km
        case .failure(let problem): throw .usage(RunningErrorText.text(problem))
        }
    }

    func speed(_ arguments: CommandArguments, live: Bool) throws(CommandError) -> Double {
        guard let speed = arguments.number("--speed") else { return 1 }
        guard speed >= 0, speed <= 1000 else {
            throw .usage("--speed \(arguments.value("--speed") ?? "") is not a number from 0 to 1000 (1 = real time, 10 = ten times faster, 0 = instant)")
        }
        if live && speed == 0 {
            throw .usage("--speed 0 (instant) can't be used with a live mate, who runs in real time; use 1 or more")
        }
        return speed
    }

    func pace(_ arguments: CommandArguments, _ option: String) throws(CommandError) -> Pace? {
        guard let text = arguments.value(option) else { return nil }
        guard let pace = Pace(text) else {
            throw .usage("\(option) \(text) is not a pace in minutes:seconds per km from 2:00 to 30:00, e.g. 5:30")
        }
        return pace
    }

    func mode(_ arguments: CommandArguments, allowed: [RunningMode], default fallback: RunningMode) throws(CommandError) -> RunningMode {
        guard let text = arguments.value("--mode") else { return fallback }
        guard let mode = RunningMode(rawValue: text.lowercased()), allowed.contains(mode) else {
            throw .usage("--mode \(text) is not one of \(allowed.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    func requiredTrack(_ arguments: CommandArguments) throws(CommandError) -> String {
        guard let path = arguments.value("--track"), !path.isEmpty else {
            throw .usage("--track FILE is required: the GPX file to replay")
        }
        return path
    }

    func nickname(_ arguments: CommandArguments, _ invocation: CommandInvocation) -> String {
        arguments.value("--nickname") ?? settings.myNickname(invocation.environment)
    }

    /// Reads a GPX file and makes the timeline to replay it.
    func loadTrack(_ path: String, pace: Pace?) async throws -> (track: RunTrack, timeline: ReplayTimeline) {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let track = try await context.service((any TrackRepository).self).track(at: url)
        return (track, try ReplayTimeline(track: track, pace: pace))
    }
}
