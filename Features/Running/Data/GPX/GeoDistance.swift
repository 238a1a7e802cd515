import Foundation

/// Great-circle distances on a spherical Earth.
public enum GeoDistance {
    /// The mean Earth radius (IUGG), in metres.
    public static let earthRadiusMeters = 6_371_008.8

    /// Haversine distance in metres between two points given in degrees.
    public static func haversine(
        latitude1: Double, longitude1: Double,
        latitude2: Double, longitude2: Double
    ) -> Double {
        let phi1 = latitude1 * .pi / 180, phi2 = latitude2 * .pi / 180
        let deltaPhi = phi2 - phi1
        let deltaLambda = (longitude2 - longitude1) * .pi / 180
        let a = sin(deltaPhi / 2) * sin(deltaPhi / 2) + cos(phi1) * cos(phi2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        return 2 * earthRadiusMeters * asin(min(1, sqrt(a)))
    }

    public static func haversine(_ a: GPXPoint, _ b: GPXPoint) -> Double {
        haversine(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }

    /// The length of one segment: the sum of the distances between consecutive points.
    public static func length(of points: [GPXPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + haversine($1.0, $1.1) }
    }
}
