import FoundationEssentials

/// One stretch of a schedule: its phase, when it began (if it did) and when it ends.
public struct PhaseSlot: Sendable, Hashable {
    public let phase: ClockPhase
    /// `nil` for a daily's waiting time, which has no meaningful beginning.
    public let startsAt: Date?
    public let endsAt: Date
    public let round: Int?
    public let rounds: Int?

    public init(phase: ClockPhase, startsAt: Date?, endsAt: Date, round: Int?, rounds: Int?) {
        self.phase = phase
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.round = round
        self.rounds = rounds
    }
}
