import Foundation
@testable import RunningDomain
import RunningTesting
import Testing

/// A run a watch recorded goes into the history at its own date and time, once.
struct ImportRunUseCaseTests {
    let history = InMemoryRunHistoryRepository()

    @Test func aRecordedRunIsSavedAtItsOwnTimeAloneToItsWholeLength() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = RunTrack.stub(km: 2, secondsPerKm: 330, start: start, fileName: "morning.gpx")
        let record = try await DefaultImportRunUseCase(history: history).execute(track, pace: nil, nickname: "ana", weightKg: 60)
        #expect(record.startedAt == start)
        #expect(record.result.mode == .single && record.result.ending == .finished)
        #expect(record.result.distanceKm == 2 && record.result.targetDistanceKm == 2)
        #expect(record.result.elapsedSeconds == 660)
        #expect(record.result.calories > 0)
        #expect(record.route.fileName == "morning.gpx")
        #expect(try await history.allRuns() == [record])
    }

    @Test func theSameRunIsNotImportedTwice() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let track = RunTrack.stub(km: 1, start: start, fileName: "morning.gpx")
        let importer = DefaultImportRunUseCase(history: history)
        _ = try await importer.execute(track, pace: nil, nickname: "ana", weightKg: 60)
        await #expect(throws: ImportProblem.alreadyImported(fileName: "morning.gpx", startedAt: start)) {
            try await importer.execute(track, pace: nil, nickname: "ana", weightKg: 60)
        }
        #expect(try await history.allRuns().count == 1)
    }

    /// gpxpy's cerknicko-without-times has a time on 5 of its 296 points: it was once imported with an
    /// invented duration and no word. Now it is refused, or imported at a pace given.
    @Test func aPartlyTimedTrackIsRefusedOrImportedAtTheGivenPace() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        var track = RunTrack.stub(km: 2, secondsPerKm: 330, start: start, fileName: "gappy.gpx")
        for index in track.segments[0].indices where index % 4 != 0 { track.segments[0][index].time = nil }
        let timed = track.segments[0].filter { $0.time != nil }.count
        let importer = DefaultImportRunUseCase(history: history)
        await #expect(throws: ReplayTimeline.Problem.needsPace(fileName: "gappy.gpx", untimedPoints: track.pointCount - timed,
                                                               points: track.pointCount)) {
            try await importer.execute(track, pace: nil, nickname: "ana", weightKg: 60)
        }
        #expect(try await history.allRuns().isEmpty)
        let record = try await importer.execute(track, pace: Pace("6:00"), nickname: "ana", weightKg: 60)
        #expect(record.startedAt == start)
        #expect(record.result.elapsedSeconds == 720)
    }

    @Test func aTrackWithoutTimesIsARouteNotARun() async throws {
        await #expect(throws: ImportProblem.noTimes(fileName: "route.gpx")) {
            try await DefaultImportRunUseCase(history: history)
                .execute(.stub(km: 1, timed: false, fileName: "route.gpx"), pace: nil, nickname: "ana", weightKg: 60)
        }
        #expect(try await history.allRuns().isEmpty)
    }
}
