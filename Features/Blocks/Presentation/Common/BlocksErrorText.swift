import BlocksDomain
import StrataBase

/// What a person reads for a failure, on the command line and on the screens: what happened and what to
/// do next. Domain errors carry data; their words are here.
public enum BlocksErrorText {
    /// The message for `error`; an empty title gets an example title of its `kind` (the one its form's
    /// placeholder shows).
    public static func text(_ error: any Error, kind: ModeKind? = nil) -> String {
        guard let error = error as? BlocksError else { return String(describing: error) }
        return switch error {
        case .emptyTitle:
            "The title is empty. Give it a name, e.g. \"\(titleExample(kind))\"."
        case .titleTooLong(let characters, let maximum):
            "The title is \(characters) characters long. Keep it to \(maximum) at most."
        case .missingBlockLength:
            "The block length is not set. Choose one of \(lengths) hours."
        case .unsupportedBlockLength(let hours):
            "A block can't be \(countText(hours, "hour")) long. Choose one of \(lengths) hours."
        case .invalidRepeatCount(let count):
            "The repeat count \(count) is not allowed: repeat at least once."
        case .tooManyRepeats(let requested, let maximum):
            maximum > 0
                ? "Too many repeats: \(countText(requested, "round")) of focus and break take more than 24 hours; at most \(maximum) \(maximum == 1 ? "fits" : "fit")."
                : "Too many repeats: one round of focus and break already takes more than 24 hours. Shorten the durations."
        case .invalidStartTime(let seconds):
            "The start time \(seconds) s is not within a day (00:00 to 23:59:59)."
        case .negativeDuration(let field, let seconds):
            "The \(field) duration can't be negative (\(seconds) s)."
        case .durationTooLong(let field, let seconds, let maximum):
            "The \(field) duration \(DurationText.text(seconds)) is too long: at most \(DurationText.text(maximum)) (a year)."
        case .notFound(let kind, let id):
            "No \(kind.rawValue) has the id \(id.uuidString); it may have been deleted."
        }
    }

    /// An example title of each kind, as the forms' placeholders show it.
    public static func titleExample(_ kind: ModeKind?) -> String {
        switch kind {
        case .timer: "Pomodoro"
        case .daily: "Study"
        case .block, nil: "Deep work"
        }
    }

    private static let lengths = BlockLength.allCases.map { String($0.hours) }.joined(separator: ", ")
}
