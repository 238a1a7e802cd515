/// What the body is doing, judged from the speed of the last second.
public enum MotionState: String, Sendable, Equatable {
    case stationary, walking, running

    /// Below 1 km/h a runner stands (GPS jitter moves a still watch a little); from 7 km/h on they run
    /// (the usual walk-run transition lies between 7 and 8 km/h); walking in between.
    public static let walkingFromKmh = 1.0
    public static let runningFromKmh = 7.0

    public init(speedKmh: Double) {
        if speedKmh >= Self.runningFromKmh {
            self = .running
        } else if speedKmh >= Self.walkingFromKmh {
            self = .walking
        } else {
            self = .stationary
        }
    }

    /// Metabolic equivalents of the state, as MateRunner uses them.
    public var mets: Double {
        switch self {
        case .stationary: 0
        case .walking: 3.8
        case .running: 10
        }
    }
}

/// MateRunner's calorie rule: every second, `1.08 × METs × weightKg / 3600` kcal.
public enum Calories {
    /// Kilocalories burnt in one second at `speedKmh` by someone weighing `weightKg`.
    public static func perSecond(speedKmh: Double, weightKg: Double) -> Double {
        1.08 * MotionState(speedKmh: speedKmh).mets * weightKg / 3600
    }
}
