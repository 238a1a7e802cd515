import FoundationEssentials

/// Tempus's rules for what may be saved, with its bugs fixed: a title of spaces is empty, midnight is a valid
/// start, and an edit clamps the repeat count instead of saving a schedule longer than a day.
public enum BlocksValidation {
    public static let secondsPerDay = 86_400
    /// A zero duration becomes this (Tempus's rule).
    public static let minimumDuration = 60
    /// The longest duration, a year: past it a timer's clock would count beyond what an `Int` of seconds
    /// holds and trap, so no command could show or stop it.
    public static let maximumDuration = 365 * secondsPerDay

    /// The longest title: a row shows far less, and a title is typed, not pasted from a file.
    public static let maximumTitleLength = 200

    public static func title(_ raw: String) throws(BlocksError) -> String {
        let trimmed = String(raw.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !trimmed.isEmpty else { throw .emptyTitle }
        let characters = trimmed.count
        guard characters <= maximumTitleLength else { throw .titleTooLong(characters: characters, maximum: maximumTitleLength) }
        return trimmed
    }

    public static func blockLength(hours: Int?) throws(BlocksError) -> BlockLength {
        guard let hours else { throw .missingBlockLength }
        guard let length = BlockLength(rawValue: hours) else { throw .unsupportedBlockLength(hours) }
        return length
    }

    /// Refuses a negative duration or one longer than `maximumDuration`, and turns zero into a minute.
    public static func duration(_ seconds: Int, field: String) throws(BlocksError) -> Int {
        guard seconds >= 0 else { throw .negativeDuration(field: field, seconds: seconds) }
        guard seconds <= maximumDuration else {
            throw .durationTooLong(field: field, seconds: seconds, maximum: maximumDuration)
        }
        return seconds == 0 ? minimumDuration : seconds
    }

    public static func startTime(_ seconds: Int) throws(BlocksError) -> Int {
        guard (0..<secondsPerDay).contains(seconds) else { throw .invalidStartTime(seconds: seconds) }
        return seconds
    }

    /// How many rounds of `roundSeconds` fit in a day.
    public static func maximumRepeats(roundSeconds: Int) -> Int {
        roundSeconds > 0 ? secondsPerDay / roundSeconds : 0
    }

    /// A repeat count of at least one whose rounds fit in a day. Creating refuses more; editing (`clamp`)
    /// lowers the count to what fits.
    public static func repeatCount(_ count: Int, roundSeconds: Int, clamp: Bool) throws(BlocksError) -> Int {
        guard count >= 1 else { throw .invalidRepeatCount(count) }
        let maximum = maximumRepeats(roundSeconds: roundSeconds)
        guard count > maximum else { return count }
        guard clamp, maximum > 0 else { throw .tooManyRepeats(requested: count, maximum: maximum) }
        return maximum
    }
}
