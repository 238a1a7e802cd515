import StrataDI

/// Resolves the feature's use cases from the shared container each time a command runs, asking as the plugin.
struct RunningServices: Sendable {
    let container: Container
    let owner: Owner

    func resolve<T>(_ type: T.Type = T.self) throws -> T {
        try container.resolve(type, requester: owner)
    }
}
