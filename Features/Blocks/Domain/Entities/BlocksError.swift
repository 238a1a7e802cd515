import FoundationEssentials

/// Why a blocks, daily or timer operation was refused, as data (Presentation's `BlocksErrorText` words it).
public enum BlocksError: Error, Sendable, Hashable {
    case emptyTitle
    /// The title has `characters`, more than `maximum`.
    case titleTooLong(characters: Int, maximum: Int)
    case missingBlockLength
    case unsupportedBlockLength(Int)
    case invalidRepeatCount(Int)
    /// `(focus + break) × repeats` is longer than a day; `maximum` rounds would fit (0 if not even one).
    case tooManyRepeats(requested: Int, maximum: Int)
    case invalidStartTime(seconds: Int)
    case negativeDuration(field: String, seconds: Int)
    case durationTooLong(field: String, seconds: Int, maximum: Int)
    case notFound(ModeKind, UUID)
}
