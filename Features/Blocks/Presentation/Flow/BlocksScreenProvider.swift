import BlocksDomain
import StrataTerminal

/// Opens the feature in the interactive app: a menu of the clock, blocks, daily schedules and timers.
public struct BlocksScreenProvider: FeatureScreenProvider {
    private let useCases: BlocksUseCases
    private let clock: any BlocksClock

    public init(useCases: BlocksUseCases, clock: any BlocksClock) {
        self.useCases = useCases
        self.clock = clock
    }

    @MainActor
    public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        BlocksFlowCoordinator(navigator: navigator, useCases: useCases, clock: clock).start()
    }
}
