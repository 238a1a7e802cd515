import Foundation
import RunningDomain

extension RunTrack {
    /// A straight track of `km` covered at a constant `secondsPerKm`, one point every `stepMeters`,
    /// timestamped from `start`.
    public static func stub(
        km: Double, secondsPerKm: Double = 300, stepMeters: Double = 100,
        start: Date = Date(timeIntervalSince1970: 1_700_000_000),
        timed: Bool = true, fileName: String = "stub.gpx"
    ) -> RunTrack {
        let count = Int((km * 1000 / stepMeters).rounded())
        let samples = (0...count).map { index -> TrackSample in
            let meters = Double(index) * stepMeters
            return TrackSample(
                distanceMeters: meters,
                time: timed ? start + meters / 1000 * secondsPerKm : nil)
        }
        return RunTrack(name: "Stub \(km) km", fileName: fileName, segments: [samples])
    }
}

extension RunningResult {
    public static func stub(
        mode: RunningMode = .single, targetKm: Double = 5, distanceKm: Double = 5,
        elapsedSeconds: Int = 1500, calories: Double = 300, ending: RunEnding = .finished,
        mate: MateResult? = nil
    ) -> RunningResult {
        RunningResult(
            mode: mode, targetDistanceKm: targetKm, distanceKm: distanceKm, elapsedSeconds: elapsedSeconds,
            calories: calories, ending: ending, myNickname: "me", mate: mate)
    }
}

extension RouteSummary {
    public static let stub = RouteSummary(
        name: "Stub", fileName: "stub.gpx", pointCount: 51, segmentCount: 1,
        lengthKm: 5)
}

extension RunRecord {
    public static func stub(startedAt: Date, result: RunningResult = .stub()) -> RunRecord {
        RunRecord(startedAt: startedAt, result: result, route: .stub)
    }
}
