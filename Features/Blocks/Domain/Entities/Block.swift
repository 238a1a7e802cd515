import FoundationEssentials

/// A day divided into equal blocks of `length` hours, counted from local midnight.
public struct Block: Sendable, Hashable, Identifiable, Codable {
    public let id: UUID
    public var title: String
    public var length: BlockLength
    public let createdAt: Date

    public init(id: UUID = UUID(), title: String, length: BlockLength, createdAt: Date) {
        self.id = id
        self.title = title
        self.length = length
        self.createdAt = createdAt
    }
}

extension Block: BlocksItem {
    public static let kind = ModeKind.block

    public var draft: BlockDraft { BlockDraft(title: title, hours: length.hours) }

    public init(id: UUID, createdAt: Date, validating draft: BlockDraft, editing: Bool) throws(BlocksError) {
        self.init(
            id: id, title: try BlocksValidation.title(draft.title),
            length: try BlocksValidation.blockLength(hours: draft.hours), createdAt: createdAt)
    }
}

/// The lengths a block may have: each divides a 24-hour day evenly.
public enum BlockLength: Int, Sendable, Hashable, CaseIterable, Codable {
    case three = 3, four = 4, six = 6, eight = 8, twelve = 12

    public var hours: Int { rawValue }

    /// How many blocks a regular day holds.
    public var blocksPerDay: Int { 24 / rawValue }
}
