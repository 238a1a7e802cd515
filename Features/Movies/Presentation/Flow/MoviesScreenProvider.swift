import StrataTerminal

/// Opens the movies search from the home screen. The dependencies are resolved when the feature is
/// opened, so a failure (an unreadable database) is shown in a dialog instead of stopping the app.
public struct MoviesScreenProvider: FeatureScreenProvider {
    private let dependencies: @Sendable () throws -> MoviesSceneDependencies

    public init(dependencies: @escaping @Sendable () throws -> MoviesSceneDependencies) {
        self.dependencies = dependencies
    }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        MoviesSearchFlowCoordinator(navigator: navigator, dependencies: try dependencies()).start()
    }
}
