import Foundation
import RunningDomain
import RunningPresentation

/// `features.running.settings` in the config. Every key is optional.
struct RunningSettings: Decodable, Sendable {
    /// Used for the calories; 20...300 kg.
    var weightKg = 65.0
    /// My name as the mate sees it. Default: `$USER`, else "runner".
    var nickname: String?
    /// The goal when `--goal` is left out (same rules as `--goal`).
    var defaultGoalKm = GoalInput.defaultKm
    /// The folder both processes of a live run can reach, the user's own (mode 0700). Default:
    /// `<tmp>/strata-running-sessions-<uid>`.
    var sessionDirectory: String?
    /// How long a host waits for a mate (MateRunner: 10 s).
    var inviteTimeoutSeconds = 10.0
    /// A mate silent this long is lost: shown and recorded so, and the run goes on alone.
    var disconnectAfterSeconds = 10.0
    /// The history's file name inside the plugin's data folder.
    var databaseFile = "running.sqlite"

    private enum CodingKeys: String, CodingKey {
        case weightKg, nickname, defaultGoalKm, sessionDirectory, inviteTimeoutSeconds, disconnectAfterSeconds, databaseFile
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weightKg = try container.decodeIfPresent(Double.self, forKey: .weightKg) ?? weightKg
        nickname = try container.decodeIfPresent(String.self, forKey: .nickname)
        defaultGoalKm = try container.decodeIfPresent(Double.self, forKey: .defaultGoalKm) ?? defaultGoalKm
        sessionDirectory = try container.decodeIfPresent(String.self, forKey: .sessionDirectory)
        inviteTimeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .inviteTimeoutSeconds) ?? inviteTimeoutSeconds
        disconnectAfterSeconds = try container.decodeIfPresent(Double.self, forKey: .disconnectAfterSeconds) ?? disconnectAfterSeconds
        databaseFile = try container.decodeIfPresent(String.self, forKey: .databaseFile) ?? databaseFile
        try validate()
    }

    private func validate() throws {
        func invalid(_ key: CodingKeys, _ problem: String) -> RunningSettingsError {
            RunningSettingsError(key: key.stringValue, problem: problem)
        }
        guard (20...300).contains(weightKg) else { throw invalid(.weightKg, "\(weightKg) kg is outside 20...300 kg") }
        if case .failure(let problem) = GoalInput.parse(String(defaultGoalKm)) {
            throw invalid(.defaultGoalKm, RunningErrorText.text(problem))
        }
        guard inviteTimeoutSeconds > 0, inviteTimeoutSeconds <= 3600 else {
            throw invalid(.inviteTimeoutSeconds, "must be more than 0 and at most 3600 seconds")
        }
        guard disconnectAfterSeconds >= 1, disconnectAfterSeconds <= 600 else {
            throw invalid(.disconnectAfterSeconds, "must be from 1 to 600 seconds")
        }
        guard !databaseFile.isEmpty, !databaseFile.contains("/") else {
            throw invalid(.databaseFile, "must be a file name without folders")
        }
    }

    /// The goal when none is given, as `GoalInput` reads it.
    var defaultGoal: Double {
        (try? GoalInput.parse(String(defaultGoalKm)).get()) ?? GoalInput.defaultKm
    }

    func sessionFolder() -> URL {
        sessionDirectory.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("strata-running-sessions-\(geteuid())")
    }

    func myNickname(_ environment: [String: String]) -> String {
        nickname ?? environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "runner"
    }
}

struct RunningSettingsError: Error, CustomStringConvertible {
    let key: String
    let problem: String

    var description: String {
        "running: invalid setting `features.running.settings.\(key)`: \(problem). Fix it in the config or remove it for the default."
    }
}
