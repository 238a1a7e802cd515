import Foundation

/// Why the chat service gave no reply, as data (Presentation's `GptErrorText` words it). Secrets never
/// appear here.
public enum ChatError: Error, Sendable, Hashable {
    /// No API key is configured and the server is not on this machine.
    case missingAPIKey(variable: String, baseURL: String)
    /// A key is set, but `baseURL` is another machine over plain http, where anyone on the way could read
    /// it; nothing was sent.
    case keyOverPlainHTTP(variable: String, baseURL: String)
    /// The server rejected the key (401).
    case invalidAPIKey(variable: String, message: String)
    /// Too many requests (429) and retrying per `Retry-After` didn't help.
    case rateLimited(message: String, retryAfter: Double?)
    /// The account has no credit left (429 `insufficient_quota`): retrying won't help.
    case quotaExceeded(message: String)
    /// The server failed (5xx).
    case server(status: Int, message: String)
    /// The server refused the request for another reason (4xx), e.g. an unknown model.
    case rejected(status: Int, message: String)
    /// No answer within the timeout.
    case timedOut(seconds: Double)
    /// The server couldn't be reached.
    case notConnected(baseURL: String, detail: String)
    /// The answer didn't have the expected shape.
    case malformedResponse(String)
    /// The answer passed `limitBytes` (decoded), so reading it stopped there.
    case answerTooLarge(limitBytes: Int)
    /// A line or an event of the answer's event stream passed `limitBytes`, so reading it stopped there.
    case eventTooLarge(limitBytes: Int)
    /// The answer held no text.
    case emptyReply
    /// The stream ended before the reply did (neither a finish reason nor `[DONE]` arrived).
    case cutOff
    /// The request was cancelled.
    case cancelled
    /// Any other transport failure.
    case transport(String)
}
