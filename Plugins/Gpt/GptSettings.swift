import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GptDomain
import StrataNetworking

/// `features.gpt.settings` from the config, decoded here in the composition root and handed to Data as plain
/// values (a base URL, a model, a key variable, limits). Every key may be left out.
struct GptSettings: Sendable, Hashable, Decodable {
    /// The OpenAI-compatible API, up to and including its version (`…/v1`).
    var baseURL = URL(string: "https://api.openai.com/v1")!
    /// The model asked for.
    var model = "gpt-4o-mini"
    /// The environment variable holding the API key (its value is never written anywhere). Its name must end
    /// in `_API_KEY` or `_TOKEN`, so no setting can send another of the user's secrets to a server.
    var apiKeyEnvironment = "OPENAI_API_KEY"
    /// Uses per local user per calendar day.
    var dailyLimit = 10
    /// The longest trouble accepted, in characters as a person counts them.
    var maxInputLength = 100
    /// Seconds to wait for the server.
    var timeoutSeconds: Double = 30
    /// Personas added to (or replacing, by id) the bundled ones.
    var personas: [Persona] = []
    /// The local user's id; the OS user name when absent.
    var user: String?
    /// The user's time zone (`Asia/Seoul`), for where one day ends; the system's when absent.
    var timeZone: String?

    init() {}

    private enum CodingKeys: String, CodingKey {
        case baseURL, model, apiKeyEnvironment, dailyLimit, maxInputLength, timeoutSeconds, personas, user, timeZone
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .baseURL) {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  url.host != nil else {
                throw DecodingError.dataCorruptedError(forKey: .baseURL, in: container,
                                                       debugDescription: "expected an http(s) URL such as https://api.openai.com/v1, got '\(text)'")
            }
            baseURL = url
        }
        model = try container.decodeIfPresent(String.self, forKey: .model) ?? model
        apiKeyEnvironment = try container.decodeIfPresent(String.self, forKey: .apiKeyEnvironment) ?? apiKeyEnvironment
        dailyLimit = try container.decodeIfPresent(Int.self, forKey: .dailyLimit) ?? dailyLimit
        maxInputLength = try container.decodeIfPresent(Int.self, forKey: .maxInputLength) ?? maxInputLength
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? timeoutSeconds
        personas = try container.decodeIfPresent([Persona].self, forKey: .personas) ?? []
        user = try container.decodeIfPresent(String.self, forKey: .user)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)

        func refuse(_ key: CodingKeys, _ problem: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
        }
        if model.isEmpty { throw refuse(.model, "must not be empty") }
        if !APIKeyVariable.mayHoldKey(apiKeyEnvironment) {
            throw refuse(.apiKeyEnvironment, "may only name \(APIKeyVariable.rule), "
                         + "such as OPENAI_API_KEY, got '\(apiKeyEnvironment)'; no other variable is ever sent to a server")
        }
        if dailyLimit < 1 { throw refuse(.dailyLimit, "must be at least 1, got \(dailyLimit)") }
        if maxInputLength < 1 { throw refuse(.maxInputLength, "must be at least 1, got \(maxInputLength)") }
        if !(timeoutSeconds > 0) { throw refuse(.timeoutSeconds, "must be more than 0 seconds, got \(timeoutSeconds)") }
        if let user, user.trimmingCharacters(in: .whitespaces).isEmpty { throw refuse(.user, "must not be empty") }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw refuse(.timeZone, "unknown time zone '\(timeZone)'; use an IANA name such as Asia/Seoul")
        }
    }

    /// The longest a request can take, in seconds: each attempt of the standard retry policy its timeout,
    /// and the longest waits between them. A use reserved for a request is held this long at most.
    var longestRequest: Double {
        let retry = RetryPolicy.standard
        return timeoutSeconds * Double(retry.maxAttempts) + retry.maxDelay * Double(retry.maxAttempts - 1)
    }

    /// The zone whose calendar days the daily limit counts: the `timeZone` setting, else the zone pinned in
    /// `dataDirectory` at first use (the process's zone then). Pinned so that running with another `TZ`
    /// can't start a new day, and a fresh count, at will.
    func resolvedTimeZone(pinnedIn dataDirectory: URL, current: TimeZone = .current) -> TimeZone {
        if let zone = timeZone.flatMap(TimeZone.init(identifier:)) { return zone }
        let pin = dataDirectory.appendingPathComponent("timezone")
        // O_EXCL: of two first uses at once, one writes the pin and both read it back.
        let descriptor = open(pin.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor >= 0 {
            let text = current.identifier + "\n"
            _ = text.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        let pinned = (try? String(contentsOf: pin, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return pinned.flatMap(TimeZone.init(identifier:)) ?? current
    }

    /// The local user's id: the `user` setting, else the OS user name.
    func userID(environment: [String: String]) -> String {
        if let user { return user }
        for variable in ["USER", "LOGNAME"] {
            if let name = environment[variable], !name.isEmpty { return name }
        }
        let name = ProcessInfo.processInfo.userName
        return name.isEmpty ? "local" : name
    }
}
