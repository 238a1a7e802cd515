/// How a run is scored: alone, against a mate (first to the goal wins) or with a mate (the distances add up).
public enum RunningMode: String, Sendable, Codable, CaseIterable {
    case single
    case race
    case team

    /// Whether the mode needs a mate (a ghost track or another runner).
    public var needsMate: Bool { self != .single }
}
