import FoundationEssentials

/// Why a blocks, daily or timer operation was refused. The descriptions are meant for people.
public enum BlocksError: Error, Sendable, Hashable, CustomStringConvertible {
    case emptyTitle
    case missingBlockLength
    case unsupportedBlockLength(Int)
    case invalidRepeatCount(Int)
    /// `(focus + break) × repeats` is longer than a day; `maximum` rounds would fit (0 if not even one).
    case tooManyRepeats(requested: Int, maximum: Int)
    case invalidStartTime(seconds: Int)
    case negativeDuration(field: String, seconds: Int)
    case notFound(ModeKind, UUID)

    public var description: String {
        switch self {
        case .emptyTitle:
            "The title is empty. Give it a name, e.g. \"Deep work\"."
        case .missingBlockLength:
            "The block length is not set. Choose one of \(Self.lengths) hours (--hours 4)."
        case .unsupportedBlockLength(let hours):
            "A block can't be \(hours) hours long. Choose one of \(Self.lengths) hours."
        case .invalidRepeatCount(let count):
            "The repeat count \(count) is not allowed: repeat at least once."
        case .tooManyRepeats(let requested, let maximum):
            maximum > 0
                ? "Too many repeats: \(requested) rounds of focus and break take more than 24 hours; at most \(maximum) fit."
                : "Too many repeats: one round of focus and break already takes more than 24 hours. Shorten the durations."
        case .invalidStartTime(let seconds):
            "The start time \(seconds) s is not within a day (00:00 to 23:59:59)."
        case .negativeDuration(let field, let seconds):
            "The \(field) duration can't be negative (\(seconds) s)."
        case .notFound(let kind, let id):
            "No \(kind.rawValue) has the id \(id.uuidString); it may have been deleted."
        }
    }

    private static let lengths = BlockLength.allCases.map { String($0.hours) }.joined(separator: ", ")
}
