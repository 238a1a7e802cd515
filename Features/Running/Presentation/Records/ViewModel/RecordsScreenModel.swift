import Observation
import RunningDomain

/// The records screen's state on the main actor, around `RecordsViewModel`.
@MainActor @Observable
public final class RecordsScreenModel {
    public private(set) var state: RecordsViewState?
    public private(set) var errorMessage: String?

    @ObservationIgnored private let viewModel: RecordsViewModel

    public init(viewModel: RecordsViewModel) { self.viewModel = viewModel }

    public func load() async { await apply { try await $0.load() } }
    public func showPrevious() async { await apply { try await $0.showPrevious() } }
    public func showNext() async { await apply { try await $0.showNext() } }

    private func apply(_ step: (RecordsViewModel) async throws -> RecordsViewState) async {
        do {
            state = try await step(viewModel)
            errorMessage = nil
        } catch {
            errorMessage = RunningErrorText.text(error)
        }
    }
}
