import GptDomain
import StrataTerminal

/// Decides which gpt screen comes next. Kept alive by the actions of the screens it made.
@MainActor
final class GptFlowCoordinator: Coordinator {
    private let dependencies: GptSceneDependencies
    private weak var navigator: Navigator?

    init(dependencies: GptSceneDependencies, navigator: Navigator) {
        self.dependencies = dependencies
        self.navigator = navigator
    }

    func start() -> any Screen {
        let viewModel = PersonaSelectionViewModel(
            fetchPersonas: dependencies.fetchPersonas, fetchUsage: dependencies.fetchUsage, timeZone: dependencies.timeZone,
            now: dependencies.now,
            actions: .init(
                showTroubleInput: { persona in self.showTroubleInput(persona) },
                showHistory: { self.showHistory() }))
        return PersonaSelectionScreen(viewModel: viewModel)
    }

    private func showHistory() {
        guard let navigator else { return }
        let viewModel = ReplyHistoryViewModel(
            fetchHistory: dependencies.fetchHistory, forgetUser: dependencies.forgetUser,
            timeZone: dependencies.timeZone)
        navigator.push(ReplyHistoryScreen(viewModel: viewModel, navigator: navigator))
    }

    private func showTroubleInput(_ persona: Persona) {
        guard let navigator else { return }
        let viewModel = TroubleInputViewModel(
            persona: persona, convertTrouble: dependencies.convertTrouble, rules: dependencies.rules, timeZone: dependencies.timeZone,
            now: dependencies.now, actions: .init(showResult: { persona, trouble, result in self.showResult(persona, trouble, result) }))
        navigator.push(TroubleInputScreen(viewModel: viewModel, navigator: navigator))
    }

    private func showResult(_ persona: Persona, _ trouble: String, _ result: ConvertTroubleResult) {
        guard let navigator else { return }
        let viewModel = ReplyResultViewModel(
            persona: persona, trouble: trouble, result: result,
            saveReply: dependencies.saveReply, timeZone: dependencies.timeZone,
            now: dependencies.now)
        navigator.push(ReplyResultScreen(viewModel: viewModel, navigator: navigator))
    }
}
