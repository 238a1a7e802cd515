/// The phase that is running now. A block and a timer are always `focus`; a daily waits for its start time,
/// then alternates `focus` and `break`.
public enum ClockPhase: String, Sendable, Hashable, CaseIterable, Codable {
    case waiting, focus
    case breakTime = "break"
}
