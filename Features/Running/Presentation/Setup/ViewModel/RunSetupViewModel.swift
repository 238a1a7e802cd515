import Foundation
import Observation
import RunningDomain
import StrataBase

/// Who runs and how fast replays go, for the setup screen.
public struct RunnerProfile: Sendable, Equatable {
    public var nickname: String
    public var weightKg: Double
    public var defaultGoalKm: Double

    public init(nickname: String, weightKg: Double, defaultGoalKm: Double) {
        self.nickname = nickname
        self.weightKg = weightKg
        self.defaultGoalKm = defaultGoalKm
    }
}

/// The setup form: mode, goal, tracks, pace and replay speed. `makeRequest()` checks everything and loads
/// the tracks; a problem is shown in `errorMessage`.
@MainActor @Observable
public final class RunSetupViewModel {
    public enum Field: Int, CaseIterable, Sendable { case mode, goal, track, mateTrack, pace, speed }

    /// Replay speeds offered: real time, faster, instant.
    public static let speeds: [Double] = [1, 10, 60, 0]

    public var mode: RunningMode = .single
    public var goalText = ""
    public var trackPath = "" { didSet { completions = [] } }
    public var mateTrackPath = "" { didSet { completions = [] } }
    public var paceText = ""
    public private(set) var speedIndex = 1
    public private(set) var errorMessage: String?
    /// The names a track path could complete to, after a Tab that could not complete further (empty otherwise).
    public private(set) var completions: [String] = []
    public private(set) var isLoading = false

    @ObservationIgnored private let tracks: any TrackRepository
    @ObservationIgnored private let access: (any TrackFileAccess)?
    @ObservationIgnored public let profile: RunnerProfile
    /// The form as it opened, the last run's tracks in it: what the person has not typed.
    @ObservationIgnored private var opened: [String] = []

    /// The form starts with the tracks of the last run started from it, in this `strata` or an earlier one.
    /// `access` gives the file to read for a typed track (`nil`: the path itself).
    public init(tracks: any TrackRepository, access: (any TrackFileAccess)? = nil, profile: RunnerProfile) {
        self.tracks = tracks
        self.access = access
        self.profile = profile
        let last = tracks.lastTracks()
        (trackPath, mateTrackPath) = (last.mine, last.mate)
        opened = entries
    }

    /// Whether leaving the form throws away something the person chose: a field typed in, a mode or speed
    /// changed. The last run's tracks it opened with are not that.
    public var hasTypedChanges: Bool { entries != opened }

    /// Asked before Esc leaves a form with typed changes.
    public let discardQuestion = "Leave the new run? What you typed here is lost."

    private var entries: [String] { [mode.rawValue, goalText, trackPath, mateTrackPath, paceText, String(speedIndex)] }

    /// MateRunner's rule, shown in the form: a goal of 0 is the default goal. Answers the goal as the form
    /// should now show it (`5.00` for `0`), or the text as it was when it is empty or not a goal.
    @discardableResult
    public func settleGoal() -> String {
        if case .success(let km) = GoalInput.parse(goalText, defaultKm: profile.defaultGoalKm),
            let typed = Double(goalText.trimmingCharacters(in: .whitespaces)), typed == 0
        {
            goalText = RunningFormat.distance(km)
        }
        return goalText
    }

    /// Completes the path typed in the track field `field` as a shell does: the one folder or GPX file it
    /// can become, or as far as all of them agree. Answers the new text, or `nil` when nothing completes.
    public func completePath(in field: Field) -> String? {
        let typed = field == .mateTrack ? mateTrackPath : trackPath
        // Listed through the access where there is one: a sandboxed helper can't list the person's folders.
        let candidates = access?.paths(completing: typed) ?? tracks.paths(completing: typed)
        completions = []
        guard let first = candidates.first else { return nil }
        let common = candidates.dropFirst().reduce(first) { shared, next in String(zip(shared, next).prefix { $0 == $1 }.map(\.0)) }
        guard common.count > typed.count else {
            // As a shell's second Tab: the names it could become, shown in the form.
            if candidates.count > 1 { completions = candidates.map { Sanitizer.sanitize(($0 as NSString).lastPathComponent + ($0.hasSuffix("/") ? "/" : "")) } }
            return nil
        }
        if field == .mateTrack { mateTrackPath = common } else { trackPath = common }
        return common
    }

    public var speed: Double { Self.speeds[speedIndex] }
    public var speedText: String { speed == 0 ? "instant" : speed == 1 ? "real time" : "\(Int(speed))× faster" }
    public var fields: [Field] { Field.allCases.filter { $0 != .mateTrack || mode.needsMate } }

    public func cycleMode(forward: Bool = true) {
        let all = RunningMode.allCases
        let index = all.firstIndex(of: mode) ?? 0
        mode = all[(index + (forward ? 1 : all.count - 1)) % all.count]
    }

    public func cycleSpeed(forward: Bool = true) {
        speedIndex = (speedIndex + (forward ? 1 : Self.speeds.count - 1)) % Self.speeds.count
    }

    /// The run to start, or `nil` with `errorMessage` set.
    public func makeRequest() async -> RunRequest? {
        errorMessage = nil
        isLoading = true
        defer { isLoading = false }
        do {
            let goal = try GoalInput.parse(settleGoal(), defaultKm: profile.defaultGoalKm).get()
            let pace = try parsePace()
            guard !trackPath.isEmpty else { throw SetupProblem("choose a GPX track file") }
            let mine = try await tracks.track(at: readable(trackPath))
            var setting = RunningSetting(mode: mode, targetDistanceKm: goal, myNickname: profile.nickname)
            var mate: GhostMate?
            if mode.needsMate {
                guard !mateTrackPath.isEmpty else { throw SetupProblem("a \(mode.rawValue) run needs the mate's GPX track") }
                let ghostTrack = try await tracks.track(at: readable(mateTrackPath))
                let name = ghostTrack.name.map { "ghost (\($0))" } ?? "ghost"
                mate = GhostMate(nickname: name, timeline: try ReplayTimeline(track: ghostTrack, pace: pace))
                setting.mateNickname = name
            }
            var request = RunRequest(
                setting: setting, timeline: try ReplayTimeline(track: mine, pace: pace),
                route: mine.summary, mate: mate, weightKg: profile.weightKg, speed: speed)
            request.map = TrackStatistics(mine).route
            try request.validate()
            tracks.rememberTracks(LastTracks(mine: url(trackPath).path, mate: mateTrackPath.isEmpty ? "" : url(mateTrackPath).path))
            opened = entries  // a run started with them: nothing typed is lost by leaving now
            return request
        } catch {
            errorMessage = RunningErrorText.text(error, for: .screens)
            return nil
        }
    }

    private func parsePace() throws -> Pace? {
        let text = paceText.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let pace = Pace(text) else { throw SetupProblem("the pace \(text) is not m:ss per km from 2:00 to 30:00") }
        return pace
    }

    /// The file to read for a typed track.
    private func readable(_ path: String) async throws -> URL {
        guard let access else { return url(path) }
        return try await access.readable(typed: path.trimmingCharacters(in: .whitespaces))
    }

    private func url(_ path: String) -> URL {
        URL(fileURLWithPath: (path.trimmingCharacters(in: .whitespaces) as NSString).expandingTildeInPath)
    }
}

struct SetupProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
