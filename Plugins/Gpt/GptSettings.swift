import Foundation
import GptDomain
import StrataBase
import StrataNetworking
import StrataPluginKit

#if canImport(Glibc)
import Glibc
#endif

/// `features.gpt.settings`: the type and its defaults are generated from `plugin.json`, which also declares
/// what each value may be (an http(s) URL, a variable named for a key, limits of 1 or more). Here are the
/// rules it can't state and what the values mean; they are handed to Data as plain values.
extension GptSettings {
    /// The rules `plugin.json` can't state.
    func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)? {
        if model.isEmpty { return (\.model, "must not be empty") }
        if !(timeoutSeconds > 0) { return (\.timeoutSeconds, "must be more than 0 seconds, got \(timeoutSeconds)") }
        if let user, user.trimmingCharacters(in: .whitespaces).isEmpty { return (\.user, "must not be empty") }
        if case .failure(let error) = Result(catching: { try decodedPersonas() }) { return (\.personas, "\(error)") }
        return nil
    }

    /// The personas the settings add (or replace, by id) to the bundled ones.
    var extraPersonas: [Persona] { (try? decodedPersonas()) ?? [] }

    private func decodedPersonas() throws -> [Persona] {
        guard let personas else { return [] }
        return try JSONDecoder().decode([Persona].self, from: JSONEncoder().encode(personas))
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

    /// The local user's id: the `user` setting, else the user's name (``UserName``).
    func userID(environment: [String: String]) -> String {
        user ?? UserName.current(environment: environment) ?? "local"
    }
}
