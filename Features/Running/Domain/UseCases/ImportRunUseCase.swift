import Foundation

/// Why a track can't be imported as a run, as data (Presentation's `RunningErrorText` words it).
public enum ImportProblem: Error, Equatable {
    /// A run happened at a time: a track without any is a route, not a run.
    case noTimes(fileName: String)
    /// The history already has a run that started then from this file.
    case alreadyImported(fileName: String, startedAt: Date)
}

/// Records a run a watch recorded: alone, to the track's whole length, at the track's own date and time
/// (its first timed point), counted as a replay counts it (moving time; calories second by second). A track
/// whose points don't all have a time is refused unless a pace is given, which then sets the run's time.
public protocol ImportRunUseCase: Sendable {
    /// - Throws: `ImportProblem`, a `ReplayTimeline.Problem` of the track's clock, or the history's error.
    func execute(_ track: RunTrack, pace: Pace?, nickname: String, weightKg: Double) async throws -> RunRecord
}

public struct DefaultImportRunUseCase: ImportRunUseCase {
    private let history: any RunHistoryRepository

    public init(history: any RunHistoryRepository) {
        self.history = history
    }

    public func execute(_ track: RunTrack, pace: Pace?, nickname: String, weightKg: Double) async throws -> RunRecord {
        guard let startedAt = track.segments.lazy.flatMap({ $0 }).compactMap(\.time).first else {
            throw ImportProblem.noTimes(fileName: track.fileName)
        }
        if try await history.allRuns().contains(where: { $0.startedAt == startedAt && $0.route.fileName == track.fileName }) {
            throw ImportProblem.alreadyImported(fileName: track.fileName, startedAt: startedAt)
        }
        let timeline = try ReplayTimeline(track: track, pace: pace)
        let setting = RunningSetting(mode: .single, targetDistanceKm: timeline.totalKm, myNickname: nickname)
        var session = RunSession(
            request: RunRequest(
                setting: setting, timeline: timeline, route: track.summary,
                weightKg: weightKg, speed: 0))
        var tick = 0
        while session.ending == nil {
            tick += 1
            _ = session.advance(to: tick, mate: nil)
        }
        let result = RunningResult(
            setting: setting, data: session.data, ending: .finished,
            elevationGainMeters: timeline.elevationGain(toKm: timeline.totalKm))
        return try await history.save(RunRecord(startedAt: startedAt, result: result, route: track.summary))
    }
}
