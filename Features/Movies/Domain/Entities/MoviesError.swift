import Foundation

/// Why a movies operation failed, in words a person can act on.
public enum MoviesError: Error, Sendable, Hashable, CustomStringConvertible {
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
    /// The server answered 2xx with a body that doesn't match the expected shape.
    case unexpectedResponse(service: String, detail: String)
    /// The request to the server couldn't be built (a wrong `baseURL` setting).
    case invalidRequest(service: String, detail: String)
    /// The connection failed midway (TLS, a dropped connection).
    case transport(service: String, detail: String)
    /// No movie has this id in the source.
    case movieNotFound(id: Int, source: String)
    /// The bundled catalog can't be read.
    case catalogUnavailable(String)
    /// The local database (response cache, recent queries) failed.
    case storage(String)
    /// The request was cancelled (a newer search replaced it).
    case cancelled

    /// Whether the failure means "no connection" (the screen says "No internet connection").
    public var isConnectionError: Bool {
        if case .notConnected = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .notConnected(let service, let detail):
            "movies: can't reach \(service) (\(detail)). Check the network, or set \"source\": \"catalog\" in the movies settings to search offline."
        case .timedOut(let service, let seconds):
            "movies: \(service) didn't answer within \(Self.format(seconds)) s. Try again, or set \"source\": \"catalog\" to search offline."
        case .missingAPIKey(let variable):
            "movies: source is \"tmdb\" but \(variable) is not set. Export a TMDB API key (v3) or read access token (v4) as \(variable), or set \"source\": \"catalog\"."
        case .keyOverPlainHTTP(let variable, let baseURL):
            "movies: the key in \(variable) is not sent to \(baseURL): that is plain http to another machine, where anyone on the way could read it. Nothing was sent. Set \"baseURL\" to an https:// address (such as https://api.themoviedb.org) or a server on this machine, or set \"source\": \"catalog\"."
        case .invalidAPIKey(let variable, let message):
            "movies: TMDB answered 401 (\(message)). Set \(variable) to a valid TMDB API key (v3) or read access token (v4), or set \"source\": \"catalog\"."
        case .rateLimited(let retryAfter, retried: true):
            "movies: TMDB is rate-limiting requests (HTTP 429) and still was after retrying. "
                + (retryAfter.map { "Wait \(Self.format($0)) s and try again." } ?? "Wait a little and try again.")
        case .rateLimited(let retryAfter, retried: false):
            "movies: TMDB is rate-limiting requests (HTTP 429)"
                + (retryAfter.map { " and asks to wait \(Self.format($0)) s, longer than a search waits by itself, so it did not retry. Try again in \(Self.format($0)) s." }
                    ?? ", so it did not retry. Wait a little and try again.")
        case .server(let service, let status, let message):
            "movies: \(service) answered HTTP \(status)\(message.isEmpty ? "" : " (\(message))"). Try again later."
        case .unexpectedResponse(let service, let detail):
            "movies: \(service) sent a response this version can't read: \(detail)."
        case .invalidRequest(let service, let detail):
            "movies: can't build a request to \(service): \(detail). Check \"baseURL\" in the movies settings."
        case .transport(let service, let detail):
            "movies: the connection to \(service) failed: \(detail). Try again."
        case .movieNotFound(let id, let source):
            "movies: no movie with id \(id) in the \(source) source. Search first: strata movies search QUERY."
        case .catalogUnavailable(let detail):
            "movies: the bundled catalog can't be read: \(detail)"
        case .storage(let detail):
            "movies: the local database failed: \(detail)"
        case .cancelled:
            "movies: the search was cancelled"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
