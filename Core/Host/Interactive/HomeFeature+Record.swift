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
