import FoundationEssentials

/// Tempus's `Timer`: a countdown of `durationSeconds` that starts over when it reaches zero.
/// (Named `FocusTimer` because `Timer` would clash with Foundation's in every file that imports both.)
public struct FocusTimer: Sendable, Hashable, Identifiable, Codable {
    public let id: UUID
    public var title: String
    public var durationSeconds: Int
    public let createdAt: Date

    public init(id: UUID = UUID(), title: String, durationSeconds: Int, createdAt: Date) {
        self.id = id
        self.title = title
        self.durationSeconds = durationSeconds
        self.createdAt = createdAt
    }
}
