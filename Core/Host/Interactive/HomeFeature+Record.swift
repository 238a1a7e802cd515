import StrataDI
import StrataTerminal

extension HomeFeature {
    /// The home screen's view of a plugin after loading.
    ///
    /// A loaded plugin's screens come from the `(any FeatureScreenProvider)` it registered under its own id;
    /// a plugin without one is listed and says it has no screens. A provider whose factory fails makes the
    /// feature count as failed, with the container's reason.
    init(record: PluginRecord, container: Container) {
        // A disabled or failed plugin has no manifest to read: show its id as a name ("gpt" → "Gpt").
        let displayName = record.manifest?.displayName ?? record.id.prefix(1).uppercased() + record.id.dropFirst()
        let summary = record.manifest?.summary ?? ""
        switch record.state {
        case .disabled:
            self.init(id: record.id, displayName: displayName, summary: summary, state: .disabled)
        case .failed:
            self.init(id: record.id, displayName: displayName, summary: summary,
                      state: .failed(record.error ?? "the plugin did not load"))
        case .loaded:
            do {
                let provider = try container.resolve((any FeatureScreenProvider).self, name: record.id)
                self.init(id: record.id, displayName: displayName, summary: summary, state: .loaded,
                          screenProvider: provider)
            } catch .notRegistered {
                self.init(id: record.id, displayName: displayName, summary: summary, state: .loaded)
            } catch {
                self.init(id: record.id, displayName: displayName, summary: summary,
                          state: .failed("its screens could not be made: \(error)"))
            }
        }
    }
}
