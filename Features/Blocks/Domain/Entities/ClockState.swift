import FoundationEssentials

/// What the clock shows at one instant: the running item, its phase, and how long until the phase ends.
public struct ClockState: Sendable, Hashable {
    public let mode: RunningMode
    public let title: String
    public let phase: ClockPhase
    /// Whole seconds until `phaseEndsAt`, rounded up so a running phase never shows 0:00:00.
    public let remainingSeconds: Int
    public let phaseEndsAt: Date
    /// The length of the running phase in seconds (a block crossing a DST change is shorter or longer);
    /// `nil` while a daily waits.
    public let phaseSeconds: Int?
    /// Which round or block of the day is running (1-based), when that means something.
    public let round: Int?
    /// How many rounds or blocks there are (a timer's rounds are endless: `nil`).
    public let rounds: Int?

    public init(
        mode: RunningMode, title: String, phase: ClockPhase, remainingSeconds: Int, phaseEndsAt: Date,
        phaseSeconds: Int?, round: Int?, rounds: Int?
    ) {
        self.mode = mode
        self.title = title
        self.phase = phase
        self.remainingSeconds = remainingSeconds
        self.phaseEndsAt = phaseEndsAt
        self.phaseSeconds = phaseSeconds
        self.round = round
        self.rounds = rounds
    }

    public var remaining: Time { Time(totalSeconds: remainingSeconds) }

    /// Whether this phase ran out by `now` and `next` (what runs now; `nil` when nothing does) is no
    /// longer it: focus → break, the next block of the day, a timer's next round, or the end of what ran.
    /// That is when Tempus rings. A phase replaced or stopped before its end is not an ending.
    public func ended(by now: Date, becoming next: ClockState?) -> Bool {
        guard phaseEndsAt <= now else { return false }
        guard let next else { return true }
        return next.mode != mode || next.phase != phase || next.round != round || next.phaseEndsAt != phaseEndsAt
    }
}
