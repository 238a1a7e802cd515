import RunningDomain
import StrataTerminal

/// Opens the feature in the interactive app: a menu of a new run, the history and the records.
public struct RunningScreenProvider: FeatureScreenProvider {
    private let dependencies: RunningSceneDependencies

    public init(dependencies: RunningSceneDependencies) { self.dependencies = dependencies }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        RunningFlowCoordinator(navigator: navigator, dependencies: dependencies).start()
    }
}
