import Foundation
import MoviesDomain
import StrataBase

/// What the command line says of a failure: what happened and what to do next, in the words of the
/// settings. Domain errors carry data; their words are here.
public enum MoviesErrorText {
    /// The message for `error` (the host shows it after the plugin's id: `movies: …`).
    public static func text(_ error: any Error) -> String {
        guard let error = error as? MoviesError else { return "\(error)" }
        return switch error {
        case .notConnected(let service, let detail):
            "can't reach \(service) (\(detail)). Check the network, or set \"source\": \"catalog\" in the movies settings to search offline."
        case .timedOut(let service, let seconds):
            "\(service) didn't answer within \(secondsText(seconds)). Try again, or set \"source\": \"catalog\" to search offline."
        case .missingAPIKey(let variable):
            "source is \"tmdb\" but \(variable) is not set. Export a TMDB API key (v3) or read access token (v4) as \(variable), or set \"source\": \"catalog\"."
        case .keyOverPlainHTTP(let variable, let baseURL):
            "the key in \(variable) is not sent to \(baseURL): that is plain http to another machine, where anyone on the way could read it. Nothing was sent. Set \"baseURL\" to an https:// address (such as https://api.themoviedb.org) or a server on this machine, or set \"source\": \"catalog\"."
        case .invalidAPIKey(let variable, let message):
            "TMDB answered 401 (\(message)). Set \(variable) to a valid TMDB API key (v3) or read access token (v4), or set \"source\": \"catalog\"."
        case .rateLimited(let retryAfter, retried: true):
            "TMDB is rate-limiting requests (HTTP 429) and still was after retrying. "
                + (retryAfter.map { "Wait \(secondsText($0)) and try again." } ?? "Wait a little and try again.")
        case .rateLimited(let retryAfter, retried: false):
            "TMDB is rate-limiting requests (HTTP 429)"
                + (retryAfter.map {
                    " and asks to wait \(secondsText($0)), longer than a search waits by itself, so it did not retry. Try again in \(secondsText($0))."
                }
                    ?? ", so it did not retry. Wait a little and try again.")
        case .server(let service, let status, let message):
            "\(service) answered HTTP \(status)\(message.isEmpty ? "" : " (\(message))"). "
                + (error.canSucceedOnRetry ? "Try again later." : "Check \"baseURL\" in the movies settings.")
        case .addressNotFound(let service, let message):
            "\(service) answered HTTP 404\(message.isEmpty ? "" : " (\(message))"): there is no TMDB API at that address. Check \"baseURL\" in the movies settings (TMDB's is https://api.themoviedb.org)."
        case .posterNotFound(let service, let path):
            "\(service) has no file \(path) (HTTP 404): TMDB no longer has this poster, or \"imagesBaseURL\" in the movies settings is not TMDB's image host (https://image.tmdb.org)."
        case .unexpectedResponse(let service, let detail):
            "\(service) sent a response this version can't read: \(detail)."
        case .invalidRequest(let service, let detail):
            "can't build a request to \(service): \(detail). Check \"baseURL\" in the movies settings."
        case .transport(let service, let detail):
            "the connection to \(service) failed: \(detail). Try again."
        case .pageOutOfRange(let query, let page, let pageCount):
            "no page \(page) for \"\(query)\": there \(pageCount == 1 ? "is 1 page" : "are \(pageCount) pages")."
        case .movieNotFound(let id, let source):
            "no movie with id \(id) in the \(source) source. Search first: strata movies search QUERY."
        case .catalogUnavailable(let detail):
            "the bundled catalog can't be read: \(detail)"
        case .storage(let detail):
            "the local database failed: \(detail)"
        case .cancelled:
            "the search was cancelled"
        }
    }

}
