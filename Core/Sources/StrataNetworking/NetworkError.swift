internal import FoundationEssentials
import StrataBase

/// Why a request didn't produce the value asked for. Each case says what a person can do about it.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection could be made (no network, refused, host not found).
    case notConnected(detail: String)
    /// The server didn't answer within `seconds`.
    case timedOut(seconds: Double)
    /// The request was cancelled.
    case cancelled
    /// The server answered with a status that isn't 2xx; the response (with its body) is kept.
    case httpStatus(HTTPResponse)
    /// The body didn't decode: the failing key path (e.g. `results[3].title`) and what was wrong.
    case decoding(keyPath: String, detail: String)
    /// The request couldn't be built (bad URL, unencodable body).
    case invalidRequest(String)
    /// The body passed `limit` bytes (decoded: a small gzip body can decode to gigabytes), so reading stopped
    /// there; the request's `maxResponseBytes` sets it.
    case tooLarge(limit: Int)
    /// Any other transport failure.
    case transport(String)
    /// strata didn't send the request: the plugin runs in a helper and the request goes where it may not (a
    /// host it didn't declare, or one the user's config took away). `reason` says which, and what to change.
    /// Nothing about the network is wrong, so retrying doesn't help.
    case refused(reason: String)

    /// Whether retrying later could help (a dropped connection, a timeout, 429, 503).
    public var isTransient: Bool {
        switch self {
        case .notConnected, .timedOut: true
        case .httpStatus(let response): response.status == 429 || response.status == 503
        default: false
        }
    }

    /// What went wrong and what a person can do about it.
    public var description: String {
        switch self {
        case .notConnected(let detail): "not connected: \(detail). Check the network and the server address."
        case .timedOut(let seconds): "the server didn't answer within \(secondsText(seconds))"
        case .cancelled: "the request was cancelled"
        case .httpStatus(let response): "the server answered HTTP \(response.status): \(KeyLikeText.redacting(String(response.text.prefix(300))))"
        case .decoding(let keyPath, let detail): "unexpected response at `\(keyPath)`: \(detail)"
        case .invalidRequest(let detail): "invalid request: \(detail)"
        case .tooLarge(let limit): limitPassedText("the server's answer", limit)
        case .transport(let detail): "network failure: \(detail)"
        case .refused(let reason): reason
        }
    }
}

extension NetworkError {
    /// Any error a transfer ends with, as a `NetworkError`: itself, `.cancelled` for a cancelled task, else
    /// `.transport` with its text. (Clients map their own errors first: `StrataURLSession` maps libcurl's results.)
    public static func from(_ error: any Error, timeout: Double) -> NetworkError {
        if let error = error as? NetworkError { return error }
        if error is CancellationError { return .cancelled }
        return .transport(String(describing: error))
    }
}
