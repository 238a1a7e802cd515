import FoundationEssentials

/// What is started and since when. Persisted, so the next start of Strata restores it; the clock is always
/// computed from `startedAt` and the current time, never from a counter.
public struct RunningMode: Sendable, Hashable, Codable {
    public let kind: ModeKind
    public let itemID: UUID
    public let startedAt: Date

    public init(kind: ModeKind, itemID: UUID, startedAt: Date) {
        self.kind = kind
        self.itemID = itemID
        self.startedAt = startedAt
    }
}
