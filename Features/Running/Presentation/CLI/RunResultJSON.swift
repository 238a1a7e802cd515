import Foundation
import RunningDomain

/// The JSON `strata running run|host|join --json` prints. Distances in km (3 decimals), calories in kcal
/// (1 decimal), `contribution` as a fraction 0...1 and `contributionPercent` as shown on screen.
public struct RunResultJSON: Encodable, Sendable, Equatable {
    public var mode: String
    public var targetKm: Double
    public var distanceKm: Double
    public var elapsedSeconds: Int
    public var elapsed: String
    public var calories: Double
    public var finished: Bool
    public var cancelled: Bool
    public var ending: String
    public var nickname: String
    public var mateNickname: String?
    public var mateDistanceKm: Double?
    public var mateElapsedSeconds: Int?
    /// `true` when a live mate fell silent and the run went on alone.
    public var mateLost: Bool?
    /// A race: the second of my run at which the mate reached the goal, if they did.
    public var mateFinishedSeconds: Int?
    public var isUserWinner: Bool?
    /// A race I lost: how far behind I was when the mate reached the goal, and how many seconds after them I
    /// reached it.
    public var behindKm: Double?
    public var behindSeconds: Int?
    /// Each whole kilometre's time in seconds.
    public var splitSeconds: [Int]
    /// Metres climbed over the distance run, if the track has elevations.
    public var elevationGainMeters: Double?
    public var teamDistanceKm: Double?
    public var contribution: Double?
    public var contributionPercent: Int?
    public var sessionID: String?
    public var route: RouteJSON?

    public init(_ result: RunningResult, route: RouteSummary? = nil, sessionID: String? = nil) {
        mode = result.mode.rawValue
        targetKm = JSONRounding.km(result.targetDistanceKm)
        distanceKm = JSONRounding.km(result.distanceKm)
        elapsedSeconds = result.elapsedSeconds
        elapsed = RunningFormat.elapsedTime(result.elapsedSeconds)
        calories = JSONRounding.decimals(result.calories, 1)
        finished = result.isFinished
        cancelled = result.isCancelled
        ending = result.ending.rawValue
        nickname = result.myNickname
        mateNickname = result.mate?.nickname
        mateDistanceKm = result.mate.map { JSONRounding.km($0.distanceKm) }
        mateElapsedSeconds = result.mate?.elapsedSeconds
        mateLost = result.mate?.lost
        mateFinishedSeconds = result.mate?.finishedAtSeconds
        isUserWinner = result.isUserWinner
        behindKm = result.behind.map { JSONRounding.km($0.km) }
        behindSeconds = result.behind?.seconds
        splitSeconds = result.splitSeconds
        elevationGainMeters = result.elevationGainMeters.map { JSONRounding.decimals($0, 1) }
        teamDistanceKm = result.teamTotalKm.map(JSONRounding.km)
        contribution = result.contribution.map { JSONRounding.decimals($0, 4) }
        contributionPercent = RunningResultViewState(result: result).contributionPercent
        self.sessionID = sessionID
        self.route = route.map(RouteJSON.init)
    }
}

public struct RouteJSON: Encodable, Sendable, Equatable {
    public var name: String
    public var file: String
    public var points: Int
    public var segments: Int
    public var lengthKm: Double

    public init(_ route: RouteSummary) {
        name = route.name
        file = route.fileName
        points = route.pointCount
        segments = route.segmentCount
        lengthKm = JSONRounding.km(route.lengthKm)
    }
}

enum JSONRounding {
    static func km(_ value: Double) -> Double { decimals(value, 3) }

    static func decimals(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
