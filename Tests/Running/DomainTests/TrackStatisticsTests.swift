import Foundation
import Testing
@testable import RunningDomain

/// The statistics of `strata running track`, on a track whose every figure is known by construction.
@Suite struct TrackStatisticsTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static func sample(_ meters: Double, _ seconds: Double?, elevation: Double?, latitude: Double, longitude: Double) -> TrackSample {
        TrackSample(distanceMeters: meters, time: seconds.map { start.addingTimeInterval($0) },
                    position: .init(latitude: latitude, longitude: longitude), elevation: elevation)
    }

    /// Two segments: 100 m in 30 s, a 60 s stop in place, 100 m in 30 s; then, after a gap, 50 m in 20 s.
    static let track = RunTrack(name: "Known", fileName: "known.gpx", segments: [
        [sample(0, 0, elevation: 10, latitude: 46.0, longitude: 14.0),
         sample(100, 30, elevation: 15, latitude: 46.001, longitude: 14.0),
         sample(100, 90, elevation: 15, latitude: 46.001, longitude: 14.0),
         sample(200, 120, elevation: 12, latitude: 46.002, longitude: 14.001)],
        [sample(200, 300, elevation: 20, latitude: 45.999, longitude: 13.998),
         sample(250, 320, elevation: 18, latitude: 45.9995, longitude: 13.998)],
    ])

    @Test func everyFigureOfAKnownTrack() throws {
        let statistics = TrackStatistics(Self.track)
        #expect(statistics.pointCount == 6 && statistics.segmentCount == 2)
        #expect(statistics.lengthMeters == 250)
        #expect(statistics.duration == 320, "from the first time to the last, gaps included")
        #expect(statistics.movingTime == 80, "the stop in place and the gap between segments are not moving")
        // Smoothed as gpxpy smooths: 10, 13.5, 14.1, 12 then 20, 18 (the rise between segments is not climbed).
        #expect(abs((statistics.elevationGain ?? 0) - 4.1) < 1e-9)
        #expect(abs((statistics.elevationLoss ?? 0) - 4.1) < 1e-9)
        #expect(statistics.elevationRange == 10...20)
        #expect(statistics.bounds == TrackStatistics.Bounds(south: 45.999, west: 13.998, north: 46.002, east: 14.001))
    }

    /// A segment with a point every km from `fromKm`, at `seconds` from `start`.
    static func timed(_ seconds: [Double], fromKm: Double = 0) -> [TrackSample] {
        seconds.enumerated().map { TrackSample(distanceMeters: (fromKm + Double($0.offset)) * 1000, time: start.addingTimeInterval($0.element)) }
    }

    /// blue_hills.gpx: three tracks not in date order once made a duration of -2,485,498 s.
    @Test func tracksOutOfDateOrderAddTheirOwnSpans() {
        let track = RunTrack(name: nil, fileName: "order.gpx", segments: [Self.timed([100_000, 100_600]), Self.timed([0, 300], fromKm: 1)],
                             segmentTracks: [0, 1])
        let statistics = TrackStatistics(track)
        #expect(statistics.duration == 900)
        #expect(statistics.movingTime == 900)
    }

    /// A logger file of tracks years apart once made a duration of 21,152 hours.
    @Test func tracksYearsApartAddOnlyTheirOwnSpans() {
        let years = 2.4 * 365 * 86_400
        let track = RunTrack(name: nil, fileName: "logger.gpx", segments: [Self.timed([0, 600]), Self.timed([years, years + 1200], fromKm: 1)],
                             segmentTracks: [0, 1])
        #expect(TrackStatistics(track).duration == 1800)
    }

    /// Within one track, the pause between its segments is part of the elapsed time (not of the moving time).
    @Test func aPauseBetweenSegmentsOfOneTrackIsElapsedNotMoving() {
        let track = RunTrack(name: nil, fileName: "pause.gpx", segments: [Self.timed([0, 600]), Self.timed([900, 1500], fromKm: 1)])
        let statistics = TrackStatistics(track)
        #expect(statistics.duration == 1500)
        #expect(statistics.movingTime == 1200)
    }

    /// Two overlapping tracks once made moving time larger than the duration.
    @Test func movingTimeIsNeverMoreThanTheElapsedTime() {
        let track = RunTrack(name: nil, fileName: "overlap.gpx", segments: [Self.timed([0, 5, 10]), Self.timed([0, 4, 8], fromKm: 2)])
        let statistics = TrackStatistics(track)
        #expect(statistics.duration == 10)
        #expect(statistics.movingTime == 10, "18 s of steps in 10 s of clock")
    }

    /// A clock stepping back inside a segment: named with its point, left out, and the elapsed time is still
    /// the track's earliest to latest time (it once gave -705 s).
    @Test func aClockSteppingBackIsNamedWithItsPointAndNeverMakesTimeNegative() {
        let track = RunTrack(name: nil, fileName: "back.gpx", segments: [Self.timed([1000, 1100, 395, 500])])
        let statistics = TrackStatistics(track)
        #expect(statistics.warnings == [.clockStepsBack(point: 3, seconds: 705)])
        #expect(statistics.duration == 600, "500 to 1100: point 3's time (395) is left out")
        #expect(statistics.movingTime == 205)
    }

    /// One point 4:38 back in a 41 s track once gave "Duration 05:01 (moving 00:39)" while the warning said
    /// the glitch wasn't counted.
    @Test func aClockGlitchDoesNotInflateTheElapsedTime() {
        var seconds = (0...41).map(Double.init)
        seconds[20] -= 278
        let track = RunTrack(name: nil, fileName: "glitch.gpx", segments: [
            seconds.enumerated().map { TrackSample(distanceMeters: Double($0.offset) * 3, time: Self.start.addingTimeInterval($0.element)) }
        ])
        let statistics = TrackStatistics(track)
        #expect(statistics.warnings == [.clockStepsBack(point: 21, seconds: 277)])
        #expect(statistics.duration == 41)
        #expect(statistics.movingTime == 39)
    }

    @Test func aTrackWithoutTimesOrElevationsSaysSoRatherThanZero() {
        let bare = RunTrack(name: nil, fileName: "bare.gpx", segments: [[
            TrackSample(distanceMeters: 0, time: nil), TrackSample(distanceMeters: 40, time: nil),
        ]])
        let statistics = TrackStatistics(bare)
        #expect(statistics.duration == nil && statistics.movingTime == nil)
        #expect(statistics.elevationGain == nil && statistics.elevationRange == nil)
        #expect(statistics.bounds == nil)
        #expect(statistics.lengthMeters == 40)
    }

    /// A long track keeps a bounded, evenly spaced profile: memory doesn't grow with the file.
    @Test func aLongTrackKeepsABoundedEvenlySpacedProfile() {
        var builder = TrackStatistics.Builder(fileName: "long.gpx")
        builder.startSegment()
        let count = TrackStatistics.Builder.sampleLimit * 5 + 3
        for index in 0..<count {
            builder.add(TrackSample(distanceMeters: Double(index), time: nil, elevation: Double(index % 100)))
        }
        let statistics = builder.statistics
        #expect(statistics.pointCount == count)
        #expect(statistics.profile.count < TrackStatistics.Builder.sampleLimit)
        #expect(statistics.profile.count > TrackStatistics.Builder.sampleLimit / 4)
        #expect(statistics.profile.first?.distanceMeters == 0)
        let spacings = Set(zip(statistics.profile, statistics.profile.dropFirst()).map { $1.distanceMeters - $0.distanceMeters })
        #expect(spacings == [8], "every 8th point of \(count), evenly")
        #expect(statistics.elevationRange == 0...99)
    }
}
