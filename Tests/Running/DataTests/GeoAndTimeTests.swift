import Foundation
import Testing
@testable import RunningData

struct GeoAndTimeTests {
    @Test func oneDegreeOfLatitudeOnTheMeanRadius() {
        // 6,371,008.8 m × π / 180
        let meters = GeoDistance.haversine(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0)
        #expect(abs(meters - 111_195.0802) < 0.001)
    }

    @Test func haversineIsSymmetricAndZeroForTheSamePoint() {
        let a = GPXPoint(latitude: 45.3806, longitude: 14.1445), b = GPXPoint(latitude: 45.4631, longitude: 14.1680)
        #expect(GeoDistance.haversine(a, b) == GeoDistance.haversine(b, a))
        #expect(GeoDistance.haversine(a, a) == 0)
        // Antipodes: half the circumference.
        let far = GeoDistance.haversine(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 180)
        #expect(abs(far - .pi * GeoDistance.earthRadiusMeters) < 1e-6)
    }

    @Test func gpxTimesWithFractionsAndOffsets() {
        #expect(GPXTime.parse("1970-01-01T00:00:00Z")?.timeIntervalSince1970 == 0)
        #expect(GPXTime.parse("2010-10-04T05:13:19Z")?.timeIntervalSince1970 == 1_286_169_199)
        #expect(GPXTime.parse("2010-10-04T05:13:19")?.timeIntervalSince1970 == 1_286_169_199)
        #expect(GPXTime.parse("2012-10-24T23:29:40.000Z")?.timeIntervalSince1970 == 1_351_121_380)
        #expect(GPXTime.parse("2010-10-04T07:13:19+02:00")?.timeIntervalSince1970 == 1_286_169_199)
        #expect(GPXTime.parse("2000-02-29T12:00:00Z")?.timeIntervalSince1970 == 951_825_600)
        let fraction = GPXTime.parse("2016-05-27T10:08:47.8Z")!.timeIntervalSince1970 - 1_464_343_727
        #expect(abs(fraction - 0.8) < 1e-6)
        #expect(GPXTime.parse("2010-13-04T05:13:19Z") == nil)
        #expect(GPXTime.parse("yesterday") == nil)
        #expect(GPXTime.parse("2010-10-04T05:13:19.Z") == nil)
        #expect(GPXTime.parse("2010-10-04T05:13:19Zjunk") == nil)
    }
}
