import BlocksDomain

/// What a person reads for a failure, on the command line and on the screens: what happened and what to
/// do next. Domain errors carry data; their words are here.
public enum BlocksErrorText {
    public static func text(_ error: any Error) -> String {
        guard let error = error as? BlocksError else { return String(describing: error) }
        return switch error {
        case .emptyTitle:
            "The title is empty. Give it a name, e.g. \"Deep work\"."
        case .missingBlockLength:
            "The block length is not set. Choose one of \(lengths) hours."
        case .unsupportedBlockLength(let hours):
            "A block can't be \(hours) hours long. Choose one of \(lengths) hours."
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
