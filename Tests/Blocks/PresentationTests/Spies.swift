import Foundation
import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Synchronization

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
final class RecordingNotifier: PhaseNotifier, Sendable {
    private let sent = Mutex<[String]>([])

    func phaseEnded(title: String, phase: String) { sent.withLock { $0.append("\(title): \(phase)") } }
    var notifications: [String] { sent.withLock { $0 } }
}
