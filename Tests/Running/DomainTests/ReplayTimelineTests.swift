import Foundation
import Testing
import RunningTesting
@testable import RunningDomain

struct ReplayTimelineTests {
    @Test func timestampsSetTheRhythm() throws {
        // 5 km at 300 s/km.
        let timeline = try ReplayTimeline(track: .stub(km: 5, secondsPerKm: 300), pace: nil)
        #expect(timeline.durationSeconds == 1500)
        #expect(timeline.totalKm == 5)
        #expect(abs(timeline.distanceKm(at: 150) - 0.5) < 1e-9)
        #expect(abs(timeline.distanceKm(at: 15) - 0.05) < 1e-9)
        #expect(timeline.distanceKm(at: 0) == 0)
        #expect(timeline.distanceKm(at: 99_999) == 5)
    }

    @Test func aPaceOverridesTheTimestamps() throws {
        let timeline = try ReplayTimeline(track: .stub(km: 2, secondsPerKm: 300), pace: Pace("6:00"))
        #expect(timeline.durationSeconds == 720)
        #expect(abs(timeline.distanceKm(at: 360) - 1) < 1e-9)
    }

    @Test func anUntimedTrackNeedsAPace() throws {
        let track = RunTrack.stub(km: 1, timed: false, fileName: "plain.gpx")
        #expect(throws: ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11)) {
            try ReplayTimeline(track: track, pace: nil)
        }
        let timeline = try ReplayTimeline(track: track, pace: Pace("5:00"))
        #expect(timeline.durationSeconds == 300)
    }

    /// A watch that dropped some points' times: nothing is made up, the track is refused (saying how many
    /// points have a time) until a pace is given.
    @Test func aTrackWithSomeTimesMissingIsRefusedUntilAPaceIsGiven() throws {
        var gappy = RunTrack.stub(km: 2, secondsPerKm: 330, fileName: "gappy.gpx")
        for index in [0, 1, 5, 6, 7, 19, 20] { gappy.segments[0][index].time = nil }  // ends and the middle
        #expect(throws: ReplayTimeline.Problem.needsPace(fileName: "gappy.gpx", untimedPoints: 7, points: gappy.pointCount)) {
            try ReplayTimeline(track: gappy, pace: nil)
        }
        #expect(try ReplayTimeline(track: gappy, pace: Pace("5:00")).durationSeconds == 600)
    }

    @Test func oneTimedPointIsNotEnoughToInterpolate() {
        var track = RunTrack.stub(km: 1, timed: false, fileName: "one.gpx")
        track.segments[0][4].time = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(throws: ReplayTimeline.Problem.needsPace(fileName: "one.gpx", untimedPoints: 10, points: 11)) {
            try ReplayTimeline(track: track, pace: nil)
        }
    }

    @Test func anEmptyTrackIsRefused() {
        let track = RunTrack(name: nil, fileName: "wpt.gpx", segments: [[]])
        #expect(throws: ReplayTimeline.Problem.empty(fileName: "wpt.gpx")) {
            try ReplayTimeline(track: track, pace: Pace("5:00"))
        }
    }

    /// gpxpy's moving time: standing still (slower than 1 km/h) takes no replay time, and is reported.
    @Test func aPauseBetweenSegmentsIsLeftOutAsMovingTimeIs() throws {
        let start = Date(timeIntervalSince1970: 0)
        let track = RunTrack(name: nil, fileName: "gap.gpx", segments: [
            [TrackSample(distanceMeters: 0, time: start), TrackSample(distanceMeters: 100, time: start + 30)],
            [TrackSample(distanceMeters: 100, time: start + 90), TrackSample(distanceMeters: 200, time: start + 120)],
        ])
        let timeline = try ReplayTimeline(track: track, pace: nil)
        #expect(abs(timeline.distanceKm(at: 30) - 0.1) < 1e-9)
        #expect(abs(timeline.distanceKm(at: 45) - 0.15) < 1e-9)
        #expect(timeline.durationSeconds == 60)
        #expect(timeline.pausedSeconds == 60)
    }

    @Test func aClockThatRunsBackwardsIsRefusedNamingThePoint() {
        let start = Date(timeIntervalSince1970: 0)
        let track = RunTrack(name: nil, fileName: "back.gpx", segments: [[
            TrackSample(distanceMeters: 0, time: start), TrackSample(distanceMeters: 50, time: start + 20),
            TrackSample(distanceMeters: 60, time: start + 10), TrackSample(distanceMeters: 100, time: start + 40),
        ]])
        #expect(throws: ReplayTimeline.Problem.clockRunsBackwards(fileName: "back.gpx", point: 3)) {
            try ReplayTimeline(track: track, pace: nil)
        }
        #expect(throws: Never.self) { try ReplayTimeline(track: track, pace: Pace("5:00")) }
    }

    @Test func aClockThatJumpsTwoDaysIsRefusedNamingThePoint() {
        let start = Date(timeIntervalSince1970: 0)
        let track = RunTrack(name: nil, fileName: "days.gpx", segments: [[
            TrackSample(distanceMeters: 0, time: start), TrackSample(distanceMeters: 100, time: start + 30),
            TrackSample(distanceMeters: 200, time: start + 2 * 86_400), TrackSample(distanceMeters: 300, time: start + 2 * 86_400 + 30),
        ]])
        #expect(throws: ReplayTimeline.Problem.clockJumps(fileName: "days.gpx", point: 3, hours: (2 * 86_400 - 30) / 3600.0)) {
            try ReplayTimeline(track: track, pace: nil)
        }
    }

    @Test func aClockFasterThanTwoMinutesPerKmIsRefused() {
        let track = RunTrack.stub(km: 1, secondsPerKm: 60, fileName: "car.gpx")
        #expect(throws: ReplayTimeline.Problem.implausiblePace(fileName: "car.gpx", secondsPerKm: 60)) {
            try ReplayTimeline(track: track, pace: nil)
        }
    }

    /// With --pace, 5 km at 6:00/km took 30:01 (the per-point steps were summed in floating point).
    @Test(arguments: [(5.0, "6:00", 1800.0), (12.0, "6:00", 4320.0), (10.0, "5:30", 3300.0)])
    func aPaceCoversItsDistanceInExactlyItsTime(km: Double, pace: String, seconds: Double) throws {
        let timeline = try ReplayTimeline(track: .stub(km: km + 1, stepMeters: 37), pace: Pace(pace))
        #expect(timeline.distanceKm(at: seconds) == km)
        #expect(timeline.distanceKm(at: seconds - 1) < km)
    }
}
