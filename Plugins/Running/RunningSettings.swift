import Foundation
import RunningDomain
import RunningPresentation
import StrataBase
import StrataPluginKit

/// `features.running.settings`: the type and its defaults are generated from `plugin.json`; here is what
/// the settings mean beyond their values.
extension RunningSettings {
    /// The rules `plugin.json` can't state: a goal as `--goal` reads it, timeouts of more than 0 seconds, a
    /// database file name without folders.
    func ruleProblem() -> (setting: PartialKeyPath<Self>, problem: String)? {
        if case .failure(let problem) = GoalInput.parse(String(defaultGoalKm)) { return (\.defaultGoalKm, RunningErrorText.text(problem)) }
        if !(inviteTimeoutSeconds > 0) { return (\.inviteTimeoutSeconds, "must be more than 0 and at most 3600 seconds") }
        if databaseFile.isEmpty || databaseFile.contains("/") { return (\.databaseFile, "must be a file name without folders") }
        return nil
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
        nickname ?? UserName.current(environment: environment) ?? "runner"
    }
}
