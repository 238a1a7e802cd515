import Foundation

/// Why a movies operation failed, as data: the words a person reads, with what to do, are Presentation's
/// (`MoviesErrorText`).
public enum MoviesError: Error, Sendable, Hashable {
    /// The source's server couldn't be reached.
    case notConnected(service: String, detail: String)
    /// The source's server didn't answer in time.
    case timedOut(service: String, seconds: Double)
    /// Source `tmdb` is chosen but the environment variable holding the key is unset or empty.
    case missingAPIKey(environmentVariable: String)
    /// A key is set, but `baseURL` is another machine over plain http, where anyone on the way could read it;
    /// nothing was sent.
    case keyOverPlainHTTP(environmentVariable: String, baseURL: String)
    /// TMDB refused the key (HTTP 401).
    case invalidAPIKey(environmentVariable: String, message: String)
    /// TMDB answered 429: after the retries its `Retry-After` allowed (`retried`), or at once with a
    /// `Retry-After` longer than the retry policy waits (not `retried`).
    case rateLimited(retryAfter: Double?, retried: Bool)
    /// The server answered with an error status.
    case server(service: String, status: Int, message: String)
    /// The server has nothing at the address asked for (HTTP 404): the base address doesn't lead to the
    /// source's API. Waiting won't change that.
    case addressNotFound(service: String, message: String)
    /// The images host has no file at `path` (HTTP 404): the poster is gone, or the images address is wrong.
    case posterNotFound(service: String, path: String)
    /// The server answered 2xx with a body that doesn't match the expected shape.
    case unexpectedResponse(service: String, detail: String)
    /// The request to the server couldn't be built (a wrong `baseURL` setting).
    case invalidRequest(service: String, detail: String)
    /// The connection failed midway (TLS, a dropped connection).
    case transport(service: String, detail: String)
    /// The search has fewer pages than the page asked for (`pageCount` may be 0: nothing found).
    case pageOutOfRange(query: String, page: Int, pageCount: Int)
    /// No movie has this id in the source.
    case movieNotFound(id: Int, source: String)
    /// The bundled catalog can't be read.
    case catalogUnavailable(String)
    /// The local database (response cache, recent queries) failed.
    case storage(String)
    /// The request was cancelled (a newer search replaced it).
    case cancelled

    /// Whether the failure means "no connection".
    public var isConnectionError: Bool {
        if case .notConnected = self { true } else { false }
    }

    /// Whether the same request may succeed if sent again unchanged: the network, the server's load or a
    /// rate limit can change by themselves; a missing or refused key, a wrong address or an answer this
    /// version can't read can't.
    public var canSucceedOnRetry: Bool {
        switch self {
        case .notConnected, .timedOut, .rateLimited, .transport, .cancelled: true
        case .server(_, let status, _): status >= 500 || status == 408
        case .missingAPIKey, .keyOverPlainHTTP, .addressNotFound, .posterNotFound, .invalidAPIKey, .unexpectedResponse, .invalidRequest,
            .pageOutOfRange, .movieNotFound, .catalogUnavailable, .storage:
            false
        }
    }
}
