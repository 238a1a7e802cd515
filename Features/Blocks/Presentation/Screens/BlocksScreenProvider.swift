import StrataTerminal

/// Opens the feature in the interactive app: a menu of the clock, blocks, daily schedules and timers.
public struct BlocksScreenProvider: FeatureScreenProvider {
    private let useCases: BlocksUseCases

    public init(useCases: BlocksUseCases) {
        self.useCases = useCases
    }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        BlocksFlowCoordinator(navigator: navigator, useCases: useCases).start()
    }
}
