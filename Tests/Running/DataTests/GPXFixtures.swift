import Foundation

/// The real GPX files in `Tests/Fixtures/Data/gpx` (their sources are in `Tests/Fixtures/Data/PROVENANCE.md`).
enum GPXFixtures {
    static let directory: URL = {
        // <repo>/Tests/Running/DataTests/GPXFixtures.swift → <repo>/Tests/Fixtures/Data/gpx
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Tests/Fixtures/Data/gpx")
    }()

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Reference 2D lengths in metres from gpxpy 1.6.2 (`pip install gpxpy`):
    /// `gpxpy.parse(open(f, encoding="utf-8-sig")).length_2d()` (track segments only, gaps not counted),
    /// and for the route-only file `gpx.routes[0].length()`. gpxpy uses a 6,378,137 m radius and a flat-Earth
    /// approximation for close points, so the values differ from ours by about 0.1 %.
    static let gpxpyLengths: [(file: String, meters: Double)] = [
        ("coregpx_GPXTest-TrackPointOnly.gpx", 51_217.644),
        ("gpxpy_cerknicko-jezero.gpx", 4_580.137),
        ("gpxpy_cerknicko-without-times.gpx", 4_580.137),
        ("gpxpy_korita-zbevnica.gpx", 14_913.748),
        ("gpxpy_track-with-empty-segment.gpx", 85.949),
        ("togeojson_Friday-Evening-Run.gpx", 87.747),
        ("togeojson_blue_hills.gpx", 51_955.266),
        ("togeojson_run.gpx", 3_102.000),
        ("togeojson_run_gpxtpx.gpx", 125.588),
        ("gpxpy_route.gpx", 6_690.394),
    ]
}
