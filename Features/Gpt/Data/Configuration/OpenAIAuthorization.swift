import Foundation
import GptDomain
import StrataNetworking

/// How requests prove who sends them.
public enum OpenAIAuthorization: Sendable, Hashable {
    /// `Authorization: Bearer <key>`.
    case bearer(String)
    /// No header: the server is on this machine and needs no key.
    case none
    /// No key is configured for a remote server: every request fails with `ChatError.missingAPIKey`.
    case missing(variable: String)
    /// A key is set, but the server is another machine reached over plain http, where anyone on the way
    /// could read it: nothing is sent, every request fails with `ChatError.keyOverPlainHTTP`.
    case refused(variable: String)

    /// Reads the key from the variable `apiKeyEnvironment` in `environment`. A loopback base URL needs none.
    /// The key goes to the configured host only over https, or over plain http to this machine.
    public init(baseURL: URL, apiKeyEnvironment variable: String, environment: [String: String]) {
        if let key = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            self = HTTPURL.mayCarrySecret(baseURL.absoluteString) ? .bearer(key) : .refused(variable: variable)
        } else if HTTPURL.isLoopback(baseURL.absoluteString) {
            self = .none
        } else {
            self = .missing(variable: variable)
        }
    }

    /// Why no request may be sent to `baseURL` with this authorization, or `nil` when it may.
    public func refusal(baseURL: String) -> ChatError? {
        switch self {
        case .missing(let variable): .missingAPIKey(variable: variable, baseURL: baseURL)
        case .refused(let variable): .keyOverPlainHTTP(variable: variable, baseURL: baseURL)
        case .bearer, .none: nil
        }
    }

    /// The header fields to send.
    var headers: [String: String] {
        if case .bearer(let key) = self { return ["Authorization": "Bearer \(key)"] }
        return [:]
    }
}

extension OpenAIAuthorization: CustomStringConvertible {
    /// Says which kind it is, never the key.
    public var description: String {
        switch self {
        case .bearer: "bearer key (hidden)"
        case .none: "no key (loopback server)"
        case .missing(let variable): "missing (set \(variable))"
        case .refused(let variable): "refused (\(variable) is set, but the server is not https)"
        }
    }
}
