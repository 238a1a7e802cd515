import BlocksDomain
import StrataTerminal

/// Opens the feature in the interactive app: a menu of the clock, blocks, daily schedules and timers.
public struct BlocksScreenProvider: FeatureScreenProvider {
    private let dependencies: BlocksSceneDependencies

    public init(dependencies: BlocksSceneDependencies) {
        self.dependencies = dependencies
    }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        BlocksFlowCoordinator(navigator: navigator, dependencies: dependencies).start()
    }
}
