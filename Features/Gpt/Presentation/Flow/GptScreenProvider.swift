import StrataTerminal

/// The gpt feature's screens for the interactive app: choose a persona, write a trouble, read the reply.
public struct GptScreenProvider: FeatureScreenProvider {
    private let dependencies: GptSceneDependencies

    public init(dependencies: GptSceneDependencies) {
        self.dependencies = dependencies
    }

    @MainActor public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        GptFlowCoordinator(dependencies: dependencies, navigator: navigator).start()
    }
}
