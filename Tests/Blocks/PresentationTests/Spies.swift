import Foundation
import BlocksDomain
import BlocksPresentation
import BlocksTesting

@MainActor
final class RefreshSpy: FetchRefreshDelegate {
    private(set) var count = 0
    func refresh() { count += 1 }
}

@MainActor
final class ReflectSpy<Model>: EditReflectDelegate {
    private(set) var models: [Model] = []
    func reflect(_ model: Model) { models.append(model) }
}

struct WriteFailure: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

extension ItemUseCases {
    /// The real use cases over an in-memory repository.
    static func inMemory(_ repository: InMemoryItemRepository<Item>, modes: InMemoryRunningModeRepository,
                         clock: FixedBlocksClock) -> ItemUseCases<Item> {
        ItemUseCases(fetch: DefaultItemFetchUseCase(repository: repository),
                     create: DefaultItemCreateUseCase(repository: repository, clock: clock),
                     edit: DefaultItemEditUseCase(repository: repository),
                     delete: DefaultItemDeleteUseCase(repository: repository, runningMode: modes))
    }
}

/// Records the notifications of phase endings.
final class RecordingNotifier: PhaseNotifier, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [String] = []

    func phaseEnded(title: String, phase: String) { lock.withLock { sent.append("\(title): \(phase)") } }
    var notifications: [String] { lock.withLock { sent } }
}
