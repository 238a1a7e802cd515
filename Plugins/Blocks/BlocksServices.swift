import FoundationEssentials
import StrataDI

/// Resolves the feature's use cases from the shared container each time a command runs, asking as the plugin.
struct BlocksServices: Sendable {
    let container: Container
    let owner: Owner
    let pluginID: String

    func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try container.resolve(type, requester: owner)
    }

    /// The calendar of the configured zone, built the first time a command needs one.
    func calendar() throws -> Calendar {
        try container.resolve(Calendar.self, name: pluginID, requester: owner)
    }
}
