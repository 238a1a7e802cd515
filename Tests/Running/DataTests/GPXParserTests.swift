import Foundation
import Testing
import Glibc
import RunningDomain
import StrataBase
@testable import RunningData

struct GPXParserTests {
    private let parser = GPXParser()

    private func parse(_ name: String) throws -> GPXDocument {
        try parser.parse(contentsOf: GPXFixtures.url(name))
    }

    private func iso(_ text: String) -> Date { GPXTime.parse(text)! }

    @Test(arguments: GPXFixtures.gpxpyLengths)
    func lengthAgreesWithGpxpyWithinHalfAPercent(file: String, meters: Double) throws {
        let track = try parse(file).runTrack(fileName: file)
        #expect(abs(track.lengthMeters - meters) / meters < 0.005, "\(file): \(track.lengthMeters) m vs gpxpy \(meters) m")
    }

    @Test func gpx10MultiTrackFileWithMixedTimestamps() throws {
        let document = try parse("gpxpy_korita-zbevnica.gpx")
        #expect(document.version == "1.0")
        #expect(document.tracks.count == 4)
        #expect(document.tracks.map { $0.segments.map(\.count) } == [[0], [358], [176], [337]])
        #expect(document.tracks[1].name == "03-OCT-10 #2")
        #expect(document.waypoints.count == 2)
        let first = document.tracks[1].segments[0][0]
        #expect(first == GPXPoint(latitude: 45.380600095, longitude: 14.144491442, elevation: 733.623291, time: nil))
        let points = document.tracks.flatMap { $0.segments.flatMap { $0 } }
        #expect(points.filter { $0.time != nil }.count == 513)
        #expect(points.allSatisfy { $0.elevation != nil })
    }

    @Test func gapsBetweenSegmentsAreNotCounted() throws {
        let document = try parse("togeojson_blue_hills.gpx")
        #expect(document.tracks.flatMap(\.segments).count == 14)
        #expect(document.waypoints.count == 46)
        let track = try document.runTrack(fileName: "blue_hills")
        let acrossGaps = GeoDistance.length(of: document.tracks.flatMap { $0.segments.flatMap { $0 } })
        #expect(acrossGaps > track.lengthMeters * 1.01)
        #expect(abs(track.lengthMeters - document.trackLengthMeters) < 1e-6)
    }

    @Test func gpx11TrackWithAnEmptySegment() throws {
        let document = try parse("gpxpy_track-with-empty-segment.gpx")
        #expect(document.version == "1.1")
        #expect(document.tracks.map { $0.segments.map(\.count) } == [[9, 0]])
        let track = try document.runTrack(fileName: "empty-segment")
        #expect(track.segments.count == 1)
        #expect(track.segments[0].last?.time == iso("2013-07-06T17:27:42Z"))
        #expect(track.name == "2013-07-06T14:59:00Z")
    }

    @Test func appleWatchExportWithoutDeclarationAndFractionalTimes() throws {
        let document = try parse("togeojson_Friday-Evening-Run.gpx")
        #expect(document.tracks.map { $0.segments.map(\.count) } == [[4, 5, 8]])
        #expect(document.tracks[0].name == "Friday Evening Run")
        let first = document.tracks[0].segments[0][0]
        #expect(first.latitude == 51.9020502 && first.longitude == 4.0692787 && first.elevation == 6.0)
        #expect(abs(first.time!.timeIntervalSince1970 - 1_746_201_075.692) < 1e-6)
    }

    @Test func garminExportReplaysByItsTimestamps() throws {
        let track = try parse("togeojson_run.gpx").runTrack(fileName: "run.gpx")
        #expect(track.name == "Untitled")
        #expect(track.pointCount == 206)
        let first = try #require(track.segments[0].first?.time)
        #expect(first == iso("2012-10-24T23:29:40Z"))
        let timeline = try ReplayTimeline(track: track, pace: nil)
        #expect(timeline.durationSeconds == 948) // 23:29:40 → 23:45:28
    }

    @Test func largeCRLFFileStreamsWithEveryPoint() throws {
        let document = try parse("coregpx_GPXTest-TrackPointOnly.gpx")
        #expect(document.tracks.flatMap(\.segments).map(\.count) == [4142])
        #expect(document.tracks[0].segments[0].allSatisfy { $0.time != nil && $0.elevation != nil })
    }

    /// gpxpy's file keeps the time of 5 of its 296 points: it is refused by its clock (nothing made up), or
    /// replayed at a pace.
    @Test func aMostlyUntimedTrackIsRefusedOrPaced() throws {
        let track = try parse("gpxpy_cerknicko-without-times.gpx").runTrack(fileName: "cerknicko-without-times.gpx")
        #expect(track.pointCount == 296)
        #expect(throws: ReplayTimeline.Problem.needsPace(fileName: "cerknicko-without-times.gpx", untimedPoints: 291, points: 296)) {
            try ReplayTimeline(track: track, pace: nil)
        }
        let paced = try ReplayTimeline(track: track, pace: Pace("6:00"))
        #expect(abs(paced.durationSeconds - track.lengthKm * 360) < 1e-6)
    }

    @Test func routeOnlyFileRunsItsRoute() throws {
        let document = try parse("gpxpy_route.gpx")
        #expect(document.tracks.isEmpty)
        #expect(document.routes.map(\.points.count) == [55])
        let track = try document.runTrack(fileName: "route.gpx")
        #expect(track.segments.map(\.count) == [55])
    }

    @Test func waypointsOnlyFileWithBOMHasNothingToRun() throws {
        let document = try parse("gpxpy_unicode_with_bom.gpx")
        #expect(document.version == nil)
        #expect(document.waypoints.count == 1)
        #expect(document.waypoints[0].elevation == -14.6)
        #expect(abs(document.waypoints[0].time!.timeIntervalSince(iso("2016-05-27T10:08:47Z")) - 0.8) < 1e-6)
        #expect(throws: GPXError.nothingToRun(file: "bom.gpx", waypoints: 1)) {
            try document.runTrack(fileName: "bom.gpx")
        }
    }

    @Test func allFieldsFileKeepsOnlyDirectNamesAndPoints() throws {
        let document = try parse("gpxpy_gpx1.1_with_all_fields.gpx")
        #expect(document.waypoints.count == 2)
        #expect(document.routes.map(\.points.count) == [3, 2])
        #expect(document.routes.map(\.name) == ["example name", "second route"])
        #expect(document.tracks.map(\.name) == ["example name t", nil])
        #expect(document.tracks[0].segments[0] == [GPXPoint(latitude: 10.1, longitude: -20.2,
                                                            elevation: document.tracks[0].segments[0][0].elevation,
                                                            time: document.tracks[0].segments[0][0].time)])
    }

    @Test func emptyElevationIsAbsentNotAnError() throws {
        let document = try parse("togeojson_empty_ele.gpx")
        #expect(document.tracks[0].segments[0].count == 2)
        #expect(document.tracks[0].segments[0].allSatisfy { $0.elevation == nil && $0.time != nil })
    }

    @Test func undefinedCoordinatesAreRefusedWithTheirLine() {
        #expect(throws: GPXError.invalidValue(file: "togeojson_bad.gpx", line: 5, element: "trkpt", field: "lat", value: "undefined")) {
            try parse("togeojson_bad.gpx")
        }
    }
}

/// `running track` streams the file; what it computes is what the in-memory track gives.
struct StreamedStatisticsTests {
    @Test(arguments: GPXFixtures.gpxpyLengths.map(\.file) + ["gpxpy_gpx1.1_with_all_fields.gpx"])
    func streamedStatisticsEqualThoseOfTheWholeTrack(file: String) async throws {
        let repository = GPXTrackRepository()
        let streamed = try await repository.statistics(at: GPXFixtures.url(file))
        #expect(streamed == TrackStatistics(try await repository.track(at: GPXFixtures.url(file))))
        #expect(streamed.pointCount > 0)
    }

    /// Three tracks not in date order (it once printed a duration of 00:00 and -2,485,498 s in JSON): each
    /// track's earliest to latest time, summed (gpxpy's get_duration, which sums segments, says 42,623 s).
    @Test func blueHillsElapsedTimeIsEachTracksSpanSummed() async throws {
        let statistics = try await GPXTrackRepository().statistics(at: GPXFixtures.url("togeojson_blue_hills.gpx"))
        #expect(statistics.duration == 42_875)
        let moving = try #require(statistics.movingTime)
        #expect(moving > 0 && moving <= 42_875)
    }

    /// Climb and descent smoothed as gpxpy 1.6.2 smooths them: `gpx.get_uphill_downhill()` on each file.
    @Test(arguments: [("gpxpy_cerknicko-jezero.gpx", 223.458, 89.355), ("gpxpy_korita-zbevnica.gpx", 703.828, 710.077),
                      ("togeojson_blue_hills.gpx", 974.510, 897.547), ("togeojson_run.gpx", 140.860, 117.860),
                      ("coregpx_GPXTest-TrackPointOnly.gpx", 1_831.774, 1_846.092)])
    func climbAgreesWithGpxpy(file: String, uphill: Double, downhill: Double) async throws {
        let statistics = try await GPXTrackRepository().statistics(at: GPXFixtures.url(file))
        #expect(abs(try #require(statistics.elevationGain) - uphill) < 0.01)
        #expect(abs(try #require(statistics.elevationLoss) - downhill) < 0.01)
    }

    /// `running track "$(printf 'run\xff.gpx')" --json` printed `"file": "run\u{F7FF}.gpx"` (the byte's
    /// private-use stand-in) in process, and `"run\\xFF.gpx"` from a helper, whose copy is named so.
    @Test func aFileNameThatIsNotUTF8IsShownWithTheByteEscaped() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpx-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = CommandLineWord.string(Array("run".utf8) + [0xFF] + Array(".gpx".utf8))
        let url = folder.appendingPathComponent(name)
        #expect(CommandLineWord.withPath(url.path) { Glibc.link(GPXFixtures.url("togeojson_run.gpx").path, $0) } == 0)
        let repository = GPXTrackRepository()
        #expect(try await repository.statistics(at: url).fileName == "run\\xFF.gpx")
        #expect(try await repository.track(at: url).fileName == "run\\xFF.gpx")
    }

    @Test func aFileWithWaypointsOnlyHasNothingToInspect() async {
        await #expect(throws: GPXError.nothingToRun(file: "gpxpy_unicode_with_bom.gpx", waypoints: 1)) {
            try await GPXTrackRepository().statistics(at: GPXFixtures.url("gpxpy_unicode_with_bom.gpx"))
        }
    }
}
