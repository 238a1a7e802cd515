import Foundation
import GptDomain
import StrataBase
import StrataNetworking

/// Turns a transport failure or an error answer into the `ChatError` a person can act on.
struct OpenAIErrorMapper: Sendable {
    let baseURL: String
    let apiKeyVariable: String

    func chatError(_ error: NetworkError) -> ChatError {
        switch error {
        case .httpStatus(let response): chatError(response)
        case .timedOut(let seconds): .timedOut(seconds: seconds)
        case .notConnected(let detail): .notConnected(baseURL: baseURL, detail: detail)
        case .decoding(let keyPath, let detail): .malformedResponse("at `\(keyPath)`: \(detail)")
        case .cancelled: .cancelled
        case .invalidRequest(let detail): .transport("the request couldn't be built: \(detail)")
        case .tooLarge(let limit): .answerTooLarge(limitBytes: limit)
        case .transport(let detail): .transport(detail)
        case .refused(let reason): .transport(reason)
        // A failure a later SDK may add (its enums are resilient): told in the SDK's own words.
        @unknown default: .transport(error.description)
        }
    }

    /// A failure while the body of a 2xx answer streams in: a connection that closed or dropped early cut the
    /// reply off, whatever libcurl calls it.
    func chatError(afterHead error: NetworkError) -> ChatError {
        switch error {
        case .transport, .notConnected: .cutOff
        default: chatError(error)
        }
    }

    /// The error an answer that isn't 2xx means; key-like words in the server's message (OpenAI echoes part
    /// of a wrong key) are redacted.
    func chatError(_ response: HTTPResponse) -> ChatError {
        let detail = Self.detail(of: response)
        let message = KeyLikeText.redacting(detail?.message ?? Self.excerpt(response))
        switch response.status {
        case 401:
            return .invalidAPIKey(variable: apiKeyVariable, message: message)
        case 429 where Self.isQuotaExhausted(detail):
            return .quotaExceeded(message: message)
        case 429:
            return .rateLimited(message: message, retryAfter: Self.retryAfter(response))
        case 500...599:
            return .server(status: response.status, message: message)
        default:
            return .rejected(status: response.status, message: message)
        }
    }

    /// A 429 that retrying can't fix: the account is out of credit.
    static func isQuotaExhausted(_ response: HTTPResponse) -> Bool {
        response.status == 429 && isQuotaExhausted(detail(of: response))
    }

    private static func isQuotaExhausted(_ detail: OpenAIErrorResponseDTO.Detail?) -> Bool {
        detail?.code == "insufficient_quota" || detail?.type == "insufficient_quota"
    }

    /// Seconds to wait before retrying: `Retry-After`, else the "try again in 8.64s" of OpenAI's message.
    static func retryAfter(_ response: HTTPResponse) -> Double? {
        if let header = response.header("Retry-After"), let seconds = RetryPolicy.retryAfterSeconds(header) {
            return seconds
        }
        guard let message = detail(of: response)?.message,
            let range = message.range(of: "try again in ", options: .caseInsensitive)
        else { return nil }
        let rest = message[range.upperBound...]
        let number = rest.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number) else { return nil }
        let unit = rest.dropFirst(number.count)
        return unit.hasPrefix("ms") ? value / 1000 : value
    }

    static func detail(of response: HTTPResponse) -> OpenAIErrorResponseDTO.Detail? {
        try? JSONDecoder().decode(OpenAIErrorResponseDTO.self, from: Data(response.body)).error
    }

    private static func excerpt(_ response: HTTPResponse) -> String {
        let text = response.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(no body)" : String(text.prefix(200))
    }
}
