import RunningDomain
@testable import RunningPresentation
import Testing

/// Routes as braille dots: 2 wide and 4 high a character, joined within a segment, in the route's shape.
struct BrailleMapTests {
    func route(_ points: [(Double, Double, Int)]) -> [TrackStatistics.RoutePoint] {
        points.map { .init(position: .init(latitude: $0.0, longitude: $0.1), segment: $0.2) }
    }

    /// An east-west kilometre of 11 points, 100 m apart.
    var kilometre: [TrackStatistics.RoutePoint] {
        (0...10).map { .init(position: .init(latitude: 0, longitude: Double($0) * 0.0009), segment: 1, distanceMeters: Double($0) * 100) }
    }

    @Test func anEastWardLineIsOneRowOfTopDots() {
        #expect(BrailleMap.rows(route([(0, 0, 1), (0, 0.01, 1)]), width: 4, maxHeight: 3) == ["⠉⠉⠉⠉"])
    }

    @Test func aNorthWardLineIsOneColumnAsHighAsItMayBe() {
        #expect(BrailleMap.rows(route([(0, 0, 1), (0.01, 0, 1)]), width: 4, maxHeight: 2) == ["⡇", "⡇"])
    }

    @Test func twoSegmentsAreNotJoined() {
        let rows = BrailleMap.rows(route([(0, 0, 1), (0, 0.01, 2)]), width: 4, maxHeight: 3)
        #expect(rows == ["⠁⠀⠀⠈"], "a dot at each end and nothing between")
    }

    @Test func aDiagonalKeepsItsShape() {
        // 45° on the ground near the equator: as many dots across as down.
        let rows = BrailleMap.rows(route([(0.01, 0, 1), (0, 0.01, 1)]), width: 2, maxHeight: 1)
        #expect(rows == ["⠑⢄"])
    }

    @Test func aRouteWithoutExtentHasNoMap() {
        #expect(BrailleMap.rows(route([(1, 1, 1), (1, 1, 1)]), width: 10, maxHeight: 5).isEmpty)
        #expect(BrailleMap.rows([], width: 10, maxHeight: 5).isEmpty)
    }

    /// Found with the Fuzz/Gpx harness: two places 1e-310° apart made the dots per degree infinite, and converting that to
    /// a dot trapped.
    @Test func placesTooCloseToScaleHaveNoMap() {
        let tiny = Double.leastNormalMagnitude / 1e3  // about 2e-311: a subnormal, as a file can say
        #expect(BrailleMap.rows(route([(0, 0, 1), (0, tiny, 1)]), width: 48, maxHeight: 12).isEmpty)
        #expect(BrailleMap.rows(route([(0, 0, 1), (tiny, 0, 1), (0, 0, 2)]), width: 48, maxHeight: 12).isEmpty)
    }

    /// A runner's place is drawn over the route, at the point that far along.
    @Test func runnersAreMarkedWhereTheyAre() {
        #expect(BrailleMap.rows(kilometre, width: 5, maxHeight: 2, marks: [(0, "○"), (1000, "●")]) == ["○⠉⠉⠉●"])
        #expect(BrailleMap.rows(kilometre, width: 5, maxHeight: 2, marks: [(490, "●")]) == ["⠉⠉●⠉⠉"])
    }
}
