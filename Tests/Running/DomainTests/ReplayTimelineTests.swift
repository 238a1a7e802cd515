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
        #expect(ReplayTimeline.Problem.needsPace(fileName: "plain.gpx", untimedPoints: 11, points: 11)
            .description.contains("--pace 5:30"))
    }

    @Test func anEmptyTrackIsRefused() {
        let track = RunTrack(name: nil, fileName: "wpt.gpx", segments: [[]])
        #expect(throws: ReplayTimeline.Problem.empty(fileName: "wpt.gpx")) {
            try ReplayTimeline(track: track, pace: Pace("5:00"))
        }
    }

    @Test func aPauseBetweenSegmentsIsReplayedAsAPause() throws {
        let start = Date(timeIntervalSince1970: 0)
        let track = RunTrack(name: nil, fileName: "gap.gpx", segments: [
            [TrackSample(distanceMeters: 0, time: start), TrackSample(distanceMeters: 100, time: start + 30)],
            [TrackSample(distanceMeters: 100, time: start + 90), TrackSample(distanceMeters: 200, time: start + 120)],
        ])
        let timeline = try ReplayTimeline(track: track, pace: nil)
        #expect(abs(timeline.distanceKm(at: 60) - 0.1) < 1e-9)
        #expect(abs(timeline.distanceKm(at: 105) - 0.15) < 1e-9)
        #expect(timeline.durationSeconds == 120)
    }

    @Test func timeGoingBackwardsIsTreatedAsStandingStill() throws {
        let start = Date(timeIntervalSince1970: 0)
        let track = RunTrack(name: nil, fileName: "back.gpx", segments: [[
            TrackSample(distanceMeters: 0, time: start), TrackSample(distanceMeters: 50, time: start + 20),
            TrackSample(distanceMeters: 60, time: start + 10), TrackSample(distanceMeters: 100, time: start + 40),
        ]])
        let timeline = try ReplayTimeline(track: track, pace: nil)
        #expect(timeline.durationSeconds == 40)
        #expect(abs(timeline.distanceKm(at: 30) - 0.08) < 1e-9)
    }
}
