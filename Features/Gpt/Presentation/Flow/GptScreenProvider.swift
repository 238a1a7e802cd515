import Foundation
import GptDomain
import StrataTerminal

/// The gpt feature's screens for the interactive app: choose a persona, write a trouble, read the reply.
public struct GptScreenProvider: FeatureScreenProvider {
    let fetchPersonas: any FetchPersonasUseCase
    let fetchUsage: any FetchUsageUseCase
    let convertTrouble: any ConvertTroubleUseCase
    let rules: TroubleInputRules
    let timeZone: TimeZone
    let saveReply: any SaveReplyUseCase
    let now: @Sendable () -> Date

    public init(fetchPersonas: any FetchPersonasUseCase, fetchUsage: any FetchUsageUseCase,
                convertTrouble: any ConvertTroubleUseCase, rules: TroubleInputRules, timeZone: TimeZone,
                saveReply: any SaveReplyUseCase, now: @escaping @Sendable () -> Date) {
        self.fetchPersonas = fetchPersonas
        self.fetchUsage = fetchUsage
        self.convertTrouble = convertTrouble
        self.rules = rules
        self.timeZone = timeZone
        self.saveReply = saveReply
        self.now = now
    }

    @MainActor public func makeRootScreen(navigator: Navigator) throws -> any Screen {
        GptFlowCoordinator(provider: self, navigator: navigator).start()
    }
}

/// Decides which gpt screen comes next. Kept alive by the actions of the screens it made.
@MainActor
final class GptFlowCoordinator: Coordinator {
    private let provider: GptScreenProvider
    private weak var navigator: Navigator?

    init(provider: GptScreenProvider, navigator: Navigator) {
        self.provider = provider
        self.navigator = navigator
    }

    func start() -> any Screen {
        let viewModel = PersonaSelectionViewModel(
            fetchPersonas: provider.fetchPersonas, fetchUsage: provider.fetchUsage, timeZone: provider.timeZone,
            now: provider.now, actions: .init(showTroubleInput: { persona in self.showTroubleInput(persona) }))
        return PersonaSelectionScreen(viewModel: viewModel)
    }

    private func showTroubleInput(_ persona: Persona) {
        guard let navigator else { return }
        let viewModel = TroubleInputViewModel(
            persona: persona, convertTrouble: provider.convertTrouble, rules: provider.rules, timeZone: provider.timeZone,
            now: provider.now, actions: .init(showResult: { persona, trouble, result in self.showResult(persona, trouble, result) }))
        navigator.push(TroubleInputScreen(viewModel: viewModel, navigator: navigator))
    }

    private func showResult(_ persona: Persona, _ trouble: String, _ result: ConvertTroubleResult) {
        guard let navigator else { return }
        let viewModel = ReplyResultViewModel(persona: persona, trouble: trouble, result: result,
                                             saveReply: provider.saveReply, timeZone: provider.timeZone,
                                             now: provider.now)
        navigator.push(ReplyResultScreen(viewModel: viewModel, navigator: navigator))
    }
}
