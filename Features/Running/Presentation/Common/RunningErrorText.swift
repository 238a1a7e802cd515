import Foundation
import RunningDomain
import StrataBase

/// What the command line and the screens say of a refusal or failure: what happened and what to do next.
/// Domain errors carry data; their words are here. What to do next names a flag on the command line and a
/// field of the app's setup form.
public enum RunningErrorText {
    /// Who reads the message, which decides how it names what to change.
    public enum Reader: Sendable {
        case commandLine
        /// The app's screens, where the setup form holds the fields.
        case screens
    }

    public static func text(_ error: any Error, for reader: Reader) -> String {
        switch error {
        case let problem as ReplayTimeline.Problem: text(problem, givePace: givePace(reader))
        case let problem as GoalInput.Problem: text(problem)
        case let problem as RunRequestProblem: text(problem, for: reader)
        case let problem as LiveSessionError: text(problem)
        case TrackAccessProblem.denied(let file, let folder):
            "you didn't allow strata to give Running the track \(file); press Enter again and allow it on strata's question, "
                + "or copy the track into Running's folder \(folder)"
        case TrackAccessProblem.refused(let reason): reason
        case ImportProblem.noTimes(let file):
            "the track \(file) has no times, so it is a route, not a run to import; replay it with a pace instead"
        case ImportProblem.alreadyImported(let file, let startedAt):
            "the run in \(file) that started \(RunningFormat.dateTime(startedAt)) is already in the history"
        default: "\(error)"
        }
    }

    private static func givePace(_ reader: Reader) -> String {
        switch reader {
        case .commandLine: "give a pace, e.g. --pace 5:30 (minutes per km)"
        case .screens: "give a pace in the Pace field, e.g. 5:30 (minutes per km)"
        }
    }

    private static func text(_ problem: ReplayTimeline.Problem, givePace: String) -> String {
        switch problem {
        case .empty(let file):
            "the track \(file) has no track points to run; use a GPX file with a <trk> (or an <rte>)"
        case .needsPace(let file, let untimed, let points) where untimed == points:
            "the track \(file) has no times, so it can't be replayed by its clock; \(givePace)"
        case .needsPace(let file, let untimed, let points):
            "the track \(file) has a time on only \(points - untimed) of its \(RunningFormat.count(points, "point")), so it can't be replayed by its clock "
                + "(nothing is made up); \(givePace)"
        case .clockRunsBackwards(let file, let point):
            "the track \(file) goes back in time at point \(point), so it can't be replayed by its clock; \(givePace)"
        case .clockJumps(let file, let point, let hours):
            "the track \(file) jumps \(String(format: "%.0f", hours)) hours ahead at point \(point), more than any pause in a run; \(givePace)"
        case .tracksRecordedApart(let file, let point, let hours):
            "the track \(file) holds tracks recorded apart: point \(point) starts a <trk> \(String(format: "%.0f", abs(hours))) hours "
                + "\(hours < 0 ? "before" : "after") the one before it. `strata running track` times each <trk> on its own, but a run is one "
                + "stretch of time, so it can't be replayed by its clock; keep one <trk> in a file of its own, or \(givePace)"
        case .implausiblePace(let file, let seconds):
            "the track \(file) moves at \(RunningFormat.elapsedTime(Int(seconds.rounded())))/km, outside 2:00–60:00/km for a run; \(givePace)"
        }
    }

    /// A goal's problem reads the same everywhere.
    public static func text(_ problem: GoalInput.Problem) -> String {
        let maximum = RunningFormat.distance(GoalInput.maximumKm)
        return switch problem {
        case .notANumber(let text): "the goal \"\(text)\" is not a number of kilometres (e.g. 5 or 10.5)"
        case .negative(let text): "the goal \(text) km is negative; give a distance from 0.01 to \(maximum) km"
        case .tooManyDecimals(let text): "the goal \(text) km has more than two decimals; round it to 0.01 km"
        case .tooLong(let text): "the goal \(text) km is longer than the maximum of \(maximum) km"
        }
    }

    private static func text(_ problem: RunRequestProblem, for reader: Reader) -> String {
        switch problem {
        case .mateMissing(let mode) where reader == .screens:
            "a \(mode.rawValue) run needs a mate: give a GPX file in the Mate track field"
        case .mateMissing(let mode):
            "a \(mode.rawValue) run needs a mate: give --mate-track FILE, or use `strata running host`"
        case .tooShort(let track, let goal, let mode):
            "the track\(mode == .team ? "s" : "") add\(mode == .team ? "" : "s") up to \(RunningFormat.distance(track)) km, "
                + "less than the \(RunningFormat.distance(goal)) km goal; choose a goal of at most \(RunningFormat.distance(track)) km or a longer track"
        case .invalidSpeed(let speed):
            "the speed \(speed) is not allowed; use 1 for real time, N for N times faster, or 0 for instant"
        }
    }

    /// Live runs are hosted and joined on the command line.
    private static func text(_ problem: LiveSessionError) -> String {
        switch problem {
        case .alreadyExists(let id, let path):
            "session \(id) already exists (\(path)); choose another id or leave out --session for a new one"
        case .notFound(let id, let directory):
            "no session \(id) in \(directory); check the id, and that host and join use the same sessionDirectory"
        case .inviteTimedOut(let id, let seconds):
            "no mate joined session \(id) within \(secondsText(seconds)); the invitation is cancelled. Start the mate sooner or raise inviteTimeoutSeconds"
        case .expired(let id):
            "session \(id) was closed by its host (nobody joined in time, or the host stopped waiting); ask for a new session id"
        case .alreadyTaken(let id):
            "session \(id) already has a mate; ask the host for a new session"
        case .hostDidNotStart(let id, let seconds):
            "the host of session \(id) did not start the run within \(secondsText(seconds)); is it still running?"
        case .refused(let endpoint, let reason):
            "the host at \(endpoint) refused to let you join: \(reason)"
        case .damaged(let id, let path):
            "session \(id) (\(path)) is not a running session file; remove it and host again"
        case .impossiblePosition(let km, let seconds):
            "the mate sent an impossible position (\(claimedKm(km)) km after \(RunningFormat.elapsedTime(seconds))); "
                + "the race ends with no winner and is not saved. Race someone whose strata you trust"
        case .folderNotPrivate(let path, let reason):
            "the session folder \(path) \(folderText(reason)), so another user could block or redirect the session; "
                + "remove it (strata creates it again, only for you) or set sessionDirectory to a folder of your own"
        case .folderOutOfReach(let path, let dataFolder):
            "sessionDirectory \(path) is a folder outside what Running's sandboxed helper may reach, so it can't use it: "
                + #"set it to a folder inside \#(dataFolder), or set "isolation": "none" under features.running"#
        }
    }

    /// A distance a mate claimed, shown without trusting it: two decimals in a person's range, else `1e+308`.
    private static func claimedKm(_ km: Double) -> String {
        km.isFinite && abs(km) < 100_000 ? RunningFormat.distance(km) : String(format: "%.3g", km)
    }

    private static func folderText(_ reason: LiveSessionError.FolderReason) -> String {
        switch reason {
        case .notAFolder: "is not a folder (or is a symbolic link)"
        case .ownedByAnotherUser: "belongs to another user"
        case .writableByOthers: "can be written by other users"
        case .unusable(let why): "can't be used (\(why))"
        }
    }
}
