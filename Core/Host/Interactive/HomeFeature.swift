import StrataTerminal

/// One feature as the home screen shows it: what it is (from its descriptor), whether it can be used, and
/// how to open it. Its plugin's code is loaded only when it is opened.
struct HomeFeature {
    /// Whether the feature's plugin is usable.
    enum State: Hashable, Sendable {
        /// Usable; its code loads when it is opened.
        case available
        /// Turned off in the config; its library is not loaded.
        case disabled
        /// Can't be used (or crashed before); the reason says why and what to do.
        case failed(String)
        /// A drop-in whose grants the user hasn't approved (``PluginApproval``): what it asks for, in words,
        /// shown when it is chosen, with Enter to allow.
        case needsApproval(headline: String, grants: [String])
    }

    /// The plugin id (`movies`).
    let id: String
    /// The name shown (`Movies`).
    let displayName: String
    /// One line about what it does.
    let summary: String
    /// Available, disabled or failed.
    let state: State
    /// Loads the plugin (once) and returns its screen provider; `nil` when it has none.
    /// - Throws: `HomeFeature.ActivationFailed` with the reason when the plugin fails to load.
    let activate: @MainActor () throws -> (any FeatureScreenProvider)?
    /// Records the user's yes to what it asks for (`.needsApproval`), as `strata plugins allow` does.
    var approve: @MainActor () throws -> Void = {}
    /// Makes opening it quicker, while it is selected: an isolated feature's helper is started ahead
    /// (``HelperSpare``), short of its plugin's code. Nothing for a feature that runs in strata.
    var prepare: @MainActor () -> Void = {}

    /// Why a feature could not be opened.
    struct ActivationFailed: Error, CustomStringConvertible {
        let description: String
    }

    init(
        id: String, displayName: String, summary: String, state: State,
        activate: @escaping @MainActor () throws -> (any FeatureScreenProvider)? = { nil }
    ) {
        self.id = id
        self.displayName = displayName
        self.summary = summary
        self.state = state
        self.activate = activate
    }

    /// The status word used in lists (`available`, `disabled`, `failed`).
    var stateName: String {
        switch state {
        case .available: "available"
        case .disabled: "disabled"
        case .failed: "failed"
        case .needsApproval: "needs your approval"
        }
    }

    /// What the home screen shows after the name: the summary, or why the feature cannot be used.
    var detail: String {
        switch state {
        case .available: summary
        case .disabled: "disabled in the config"
        case .failed(let reason): "failed: \(reason)"
        case .needsApproval(let headline, _): headline
        }
    }
}
