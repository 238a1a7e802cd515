import Foundation
import MoviesDomain
import StrataBase
import StrataNetworking

extension NetworkError {
    /// The `MoviesError` a person reads for this failure of a TMDB request.
    /// - Parameters:
    ///   - configuration: names the key's environment variable in a 401.
    ///   - retry: the policy the request was sent with, to tell a 429 that was retried from one that was not.
    ///   - notFound: the error a 404 means for this request (a movie id TMDB doesn't know, a poster file
    ///     that is gone); without it a 404 means the address is wrong (a wrong `baseURL`).
    func moviesError(_ configuration: TMDBConfiguration, retry: RetryPolicy, notFound: MoviesError? = nil) -> MoviesError {
        let service = "TMDB at \(configuration.baseURL.absoluteString)"
        switch self {
        case .notConnected(let detail):
            return .notConnected(service: service, detail: detail)
        case .timedOut(let seconds):
            return .timedOut(service: service, seconds: seconds)
        case .cancelled:
            return .cancelled
        case .httpStatus(let response):
            let message = ((try? DataTransferService.decode(TMDBErrorResponseDTO.self, from: response.body))?.statusMessage)
                .map(KeyLikeText.redacting)
            if response.status == 404 {
                return notFound ?? .addressNotFound(service: service, message: message ?? KeyLikeText.redacting(String(response.text.prefix(200))))
            }
            switch response.status {
            case 401:
                return .invalidAPIKey(
                    environmentVariable: configuration.apiKeyEnvironment,
                    message: message ?? "invalid API key")
            case 429:
                return .rateLimited(
                    retryAfter: response.header("Retry-After").flatMap { RetryPolicy.retryAfterSeconds($0) },
                    retried: retry.delay(after: response, attempt: 1) != nil)
            default:
                return .server(
                    service: service, status: response.status,
                    message: message ?? KeyLikeText.redacting(String(response.text.prefix(200))))
            }
        case .decoding(let keyPath, let detail):
            return .unexpectedResponse(service: service, detail: "at `\(keyPath)`: \(detail)")
        case .invalidRequest(let detail):
            return .invalidRequest(service: service, detail: detail)
        case .tooLarge:
            return .unexpectedResponse(service: service, detail: description)
        case .transport(let detail):
            return .transport(service: service, detail: detail)
        // strata didn't send it (its reason names what to change): no retry helps.
        case .refused(let reason):
            return .invalidRequest(service: service, detail: reason)
        // A failure a later SDK may add (its enums are resilient): told in the SDK's own words.
        @unknown default:
            return .transport(service: service, detail: description)
        }
    }
}
