internal import Glibc
public import StrataBase

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
    /// How long the server asks to wait, in seconds, given the response and the current instant; `nil` when it
    /// doesn't say (the backoff applies). By default it reads `Retry-After`; an API that says it elsewhere
    /// (in its error message, say) reads it there.
    public var serverDelay: @Sendable (HTTPResponse, Timestamp) -> Double?

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3, retryableStatuses: Set<Int> = [429, 503], baseDelay: Double = 0.5, maxDelay: Double = 30,
        mayRetry: @escaping @Sendable (HTTPResponse) -> Bool = { _ in true },
        serverDelay: @escaping @Sendable (HTTPResponse, Timestamp) -> Double? = RetryPolicy.retryAfter
    ) {
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
    ///   - now: the current instant, to read an HTTP-date `Retry-After`; `nil` reads the system clock.
    public func delay(after response: HTTPResponse, attempt: Int, now: Timestamp? = nil) -> Double? {
        guard attempt < maxAttempts, retryableStatuses.contains(response.status), mayRetry(response) else { return nil }
        let wait = serverDelay(response, now ?? Timestamp.now()) ?? baseDelay * pow(2, Double(attempt - 1))
        return wait <= maxDelay ? wait : nil
    }

    /// The response's `Retry-After` in seconds, if it has a readable one (the default `serverDelay`).
    public static func retryAfter(_ response: HTTPResponse, now: Timestamp) -> Double? {
        response.header("Retry-After").flatMap { retryAfterSeconds($0, now: now) }
    }

    /// Reads `Retry-After` as seconds (`"8"`, `"1.5"`) or an HTTP date (`"Wed, 21 Oct 2015 07:28:00 GMT"`).
    public static func retryAfterSeconds(_ value: String, now: Timestamp? = nil) -> Double? {
        let trimmed = String(value.trimmingSpaces)
        if let seconds = Double(trimmed) { return max(0, seconds) }
        guard let date = httpDate(trimmed) else { return nil }
        return max(0, date.seconds(since: now ?? Timestamp.now()))
    }

    /// An IMF-fixdate (RFC 9110 §5.6.7), the form servers send: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ text: String) -> Timestamp? {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), parts[5] == "GMT", parts[1].count == 2,
            let day = Int(parts[1]), let month = months.firstIndex(of: String(parts[2])), parts[3].count == 4, let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int(clock[0]), let minute = Int(clock[1]),
            let second = Int(clock[2]), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
        let y = month < 2 ? year - 1 : year
        let era = y / 400, yearOfEra = y - era * 400
        let dayOfYear = (153 * (month < 2 ? month + 10 : month - 2) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        return Timestamp(secondsSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
