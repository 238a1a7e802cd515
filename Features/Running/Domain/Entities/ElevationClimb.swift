/// Metres climbed and descended, smoothed as gpxpy does (`calculate_uphill_downhill`): within a segment each
/// elevation becomes 0.3 × the one before + 0.4 × itself + 0.3 × the one after (a segment's first and last
/// stay as they are), and the rises and falls between those smoothed elevations are summed. Raw sums
/// between points count every metre of GPS noise as climbing. Fed point by point, in memory that doesn't grow.
public struct ElevationClimb: Sendable, Equatable {
    public private(set) var gain = 0.0
    public private(set) var loss = 0.0
    /// How many steps between two elevations were counted (0: no segment had two).
    public private(set) var steps = 0
    private var before: Double?, current: Double?, lastSmoothed: Double?

    public init() {}

    /// Ends the segment under way (its last elevation counts as it is); the next elevation starts anew.
    public mutating func startSegment() {
        if let current { settle(current) }
        before = nil
        current = nil
        lastSmoothed = nil
    }

    /// The next elevation of the segment.
    public mutating func add(_ elevation: Double) {
        if let current { settle(before.map { 0.3 * $0 + 0.4 * current + 0.3 * elevation } ?? current) }
        before = current
        current = elevation
    }

    /// The totals as if the segment under way ended here.
    public var settled: ElevationClimb {
        var copy = self
        copy.startSegment()
        return copy
    }

    private mutating func settle(_ smoothed: Double) {
        if let lastSmoothed {
            let change = smoothed - lastSmoothed
            if change > 0 { gain += change } else { loss -= change }
            steps += 1
        }
        lastSmoothed = smoothed
    }
}
