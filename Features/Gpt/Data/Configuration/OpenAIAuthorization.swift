import Foundation
import GptDomain

/// How requests prove who sends them.
public enum OpenAIAuthorization: Sendable, Hashable {
    /// `Authorization: Bearer <key>`.
    case bearer(String)
    /// No header: the server is on this machine and needs no key.
    case none
    /// No key is configured for a remote server: every request fails with `ChatError.missingAPIKey`.
    case missing(variable: String)

    /// Reads the key from `settings.apiKeyEnvironment` in `environment`. A loopback base URL needs none.
    public init(settings: GptSettings, environment: [String: String]) {
        let variable = settings.apiKeyEnvironment
        if let key = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty {
            self = .bearer(key)
        } else if Self.isLoopback(settings.baseURL) {
            self = .none
        } else {
            self = .missing(variable: variable)
        }
    }

    /// Whether `url` names this machine: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ url: URL) -> Bool {
        guard var host = url.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
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
        }
    }
}
