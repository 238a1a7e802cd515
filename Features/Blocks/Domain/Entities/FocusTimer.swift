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

extension FocusTimer: BlocksItem {
    public static let kind = ModeKind.timer

    public var draft: TimerDraft { TimerDraft(title: title, durationSeconds: durationSeconds) }

    public init(id: UUID, createdAt: Date, validating draft: TimerDraft, editing: Bool) throws(BlocksError) {
        self.init(
            id: id, title: try BlocksValidation.title(draft.title),
            durationSeconds: try BlocksValidation.duration(draft.durationSeconds, field: "timer"),
            createdAt: createdAt)
    }
}
