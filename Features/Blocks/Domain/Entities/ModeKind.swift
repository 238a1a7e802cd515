/// What can be started: a block, a daily schedule or a timer.
public enum ModeKind: String, Sendable, Hashable, CaseIterable, Codable {
    case block, daily, timer
}
