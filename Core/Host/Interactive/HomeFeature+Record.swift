import StrataDI
import StrataTerminal

extension HomeFeature {
    /// The home screen's view of a plugin from its record (its descriptor and state); `activate` loads it.
    init(record: PluginRecord, activate: @escaping @MainActor () throws -> (any FeatureScreenProvider)?) {
        let displayName = record.facts?.displayName ?? record.id
        let summary = record.facts?.screens.first?.summary ?? record.facts?.summary ?? ""
        switch record.state {
        case .disabled:
            self.init(id: record.id, displayName: displayName, summary: summary, state: .disabled)
        case .failed, .incompatible, .crashed, .timedOut:
            self.init(
                id: record.id, displayName: displayName, summary: summary,
                state: .failed(record.error ?? "the plugin can't be used"))
        case .enabled, .loaded:
            self.init(id: record.id, displayName: displayName, summary: summary, state: .available, activate: activate)
        }
    }
}

extension HomeFeature {
    /// This feature as `approval` leaves it: available once approved, else waiting for the user's yes (Enter
    /// records it with `judge`'s approvals), or failed when only the config can give what it asks for.
    func held(by approval: PluginApproval, path: String, judge: PluginApprovalJudge) -> HomeFeature {
        guard !approval.allowsRunning else { return self }
        if case .tooWide = approval {
            return HomeFeature(
                id: id, displayName: displayName, summary: summary, state: .failed(approval.refusal(id, configSource: judge.config.source) ?? ""))
        }
        let again = { if case .neededAgain = approval { true } else { false } }()
        var held = HomeFeature(
            id: id, displayName: displayName, summary: summary,
            state: .needsApproval(headline: again ? "needs your approval again" : "needs your approval", grants: approval.asked.map(\.sentence)),
            activate: activate)
        let id = id, asked = approval.asked, approvals = judge.approvals
        held.approve = { try approvals.record(id, digest: try PluginAllow.digest(path), path: path, grants: asked) }
        return held
    }
}
