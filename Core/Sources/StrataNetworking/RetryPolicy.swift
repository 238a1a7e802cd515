import Foundation

/// When and how long to wait before asking again: bounded retries with exponential backoff for the
/// statuses a server uses to say "later" (429, 503), honouring its `Retry-After`.
public struct RetryPolicy: Sendable {
    /// The most attempts in all, the first included (1 means never retry).
    public var maxAttempts: Int
    /// The statuses worth retrying.
    public var retryableStatuses: Set<Int>
    /// The first backoff in seconds when the server gives no `Retry-After`; doubled each attempt.
    public var baseDelay: Double
    /// The longest wait accepted: a `Retry-After` beyond it is not waited for, the error is returned.
    public var maxDelay: Double
    /// Whether a response with a retryable status may be retried at all. An API whose 429 can also mean
    /// "out of quota", which no wait cures, says no to that one. By default every such response may be.
    public var mayRetry: @Sendable (HTTPResponse) -> Bool
    /// How long the server asks to wait, in seconds, given the response and the current date; `nil` when it
    /// doesn't say (the backoff applies). By default it reads `Retry-After`; an API that says it elsewhere
    /// (in its error message, say) reads it there.
    public var serverDelay: @Sendable (HTTPResponse, Date) -> Double?

    /// Creates a policy.
    public init(maxAttempts: Int = 3, retryableStatuses: Set<Int> = [429, 503], baseDelay: Double = 0.5, maxDelay: Double = 30,
                mayRetry: @escaping @Sendable (HTTPResponse) -> Bool = { _ in true },
                serverDelay: @escaping @Sendable (HTTPResponse, Date) -> Double? = RetryPolicy.retryAfter) {
        self.maxAttempts = maxAttempts
        self.retryableStatuses = retryableStatuses
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.mayRetry = mayRetry
        self.serverDelay = serverDelay
    }

    /// Three attempts for 429 and 503, waits of at most 30 s.
    public static let standard = RetryPolicy()
    /// One attempt.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// How long to wait before attempt `attempt + 1` after `response`, or `nil` to stop retrying.
    /// - Parameters:
    ///   - response: the answer to attempt `attempt` (counted from 1).
    ///   - now: the current date, to read an HTTP-date `Retry-After`.
    public func delay(after response: HTTPResponse, attempt: Int, now: Date = Date()) -> Double? {
        guard attempt < maxAttempts, retryableStatuses.contains(response.status), mayRetry(response) else { return nil }
        let wait = serverDelay(response, now) ?? baseDelay * pow(2, Double(attempt - 1))
        return wait <= maxDelay ? wait : nil
    }

    /// The response's `Retry-After` in seconds, if it has a readable one (the default `serverDelay`).
    public static func retryAfter(_ response: HTTPResponse, now: Date) -> Double? {
        response.header("Retry-After").flatMap { retryAfterSeconds($0, now: now) }
    }

    /// Reads `Retry-After` as seconds (`"8"`, `"1.5"`) or an HTTP date (`"Wed, 21 Oct 2015 07:28:00 GMT"`).
    public static func retryAfterSeconds(_ value: String, now: Date = Date()) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
