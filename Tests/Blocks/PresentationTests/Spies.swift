import BlocksDomain
import BlocksPresentation

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
