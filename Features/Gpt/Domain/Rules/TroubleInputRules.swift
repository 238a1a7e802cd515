import Foundation

/// What a trouble must look like: trimmed of surrounding blanks, not empty, and at most `maxLength`
/// characters as a person counts them (grapheme clusters: `안녕` is 2, a family emoji is 1).
public struct TroubleInputRules: Sendable, Hashable {
    public var maxLength: Int

    public init(maxLength: Int = 100) {
        self.maxLength = maxLength
    }

    /// The text without surrounding spaces and line breaks.
    ///
    /// Runs on every key press while the user types, so it trims by `Character.isWhitespace` in Swift:
    /// Foundation's `trimmingCharacters(in:)` bridges through NSString on Linux and made a long paste take
    /// seconds.
    public func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// Characters in the trimmed text, as a person counts them.
    public func count(_ text: String) -> Int {
        trimmed(text).count
    }

    /// Whether `text` may be sent.
    public func isValid(_ text: String) -> Bool {
        (try? validate(text)) != nil
    }

    /// The trimmed text, ready to send.
    /// - Throws: `TroubleInputError.empty` or `.tooLong`.
    public func validate(_ text: String) throws(TroubleInputError) -> String {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { throw .empty }
        if trimmed.count > maxLength { throw .tooLong(count: trimmed.count, limit: maxLength) }
        return trimmed
    }
}

/// Why a trouble can't be sent, as data (Presentation's `GptErrorText` words it).
public enum TroubleInputError: Error, Sendable, Hashable {
    case empty
    case tooLong(count: Int, limit: Int)
}
