import StrataTerminal

/// One feature as the home screen shows it: what it is, whether it loaded, and how to open it.
struct HomeFeature: Sendable {
    /// Whether the feature's plugin is usable.
    enum State: Hashable, Sendable {
        /// Loaded and registered.
        case loaded
        /// Turned off in the config; its library was not loaded.
        case disabled
        /// Could not be loaded; the reason says why and what to do.
        case failed(String)
    }

    /// The plugin id (`movies`).
    let id: String
    /// The name shown (`Movies`).
    let displayName: String
    /// One line about what it does.
    let summary: String
    /// Loaded, disabled or failed.
    let state: State
    /// Makes the feature's screens; nil when the feature has none (or did not load).
    let screenProvider: (any FeatureScreenProvider)?

    init(id: String, displayName: String, summary: String, state: State,
         screenProvider: (any FeatureScreenProvider)? = nil) {
        self.id = id
        self.displayName = displayName
        self.summary = summary
        self.state = state
        self.screenProvider = screenProvider
    }

    /// The status word used in lists (`loaded`, `disabled`, `failed`).
    var stateName: String {
        switch state {
        case .loaded: "loaded"
        case .disabled: "disabled"
        case .failed: "failed"
        }
    }

    /// What the home screen shows after the name: the summary, or why the feature cannot be used.
    var detail: String {
        switch state {
        case .loaded: summary
        case .disabled: "disabled in the config"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
