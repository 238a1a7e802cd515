import MoviesDomain
import Synchronization
import Testing

/// A search use case whose answers the test sends by hand, one search at a time, so a test decides when
/// (and in which order) pages and errors arrive.
///
/// ```swift
/// viewModel.didSearch(query: "dune")
/// useCase.send(.fresh(.stub(page: 1, totalPages: 2, ids: [1, 2])), toSearch: 0)
/// useCase.finish(search: 0)
/// ```
public final class ControlledSearchMoviesUseCase: SearchMoviesUseCase {
    private struct Search {
        let request: SearchMoviesUseCaseRequestValue
        let continuation: AsyncThrowingStream<MoviesPageUpdate, any Error>.Continuation
        var cancelled = false
    }

    private let searches = Mutex<[Search]>([])

    public init() {}

    /// The searches asked for so far, in order.
    public var requests: [SearchMoviesUseCaseRequestValue] { searches.withLock { $0.map(\.request) } }

    /// Whether the consumer of search `index` stopped listening (cancelled).
    public func isCancelled(search index: Int) -> Bool { search(index)?.cancelled ?? false }

    public func execute(requestValue: SearchMoviesUseCaseRequestValue) -> AsyncThrowingStream<MoviesPageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<MoviesPageUpdate, any Error>.makeStream()
        let index = searches.withLock { searches in
            searches.append(Search(request: requestValue, continuation: continuation))
            return searches.count - 1
        }
        continuation.onTermination = { [weak self] termination in
            if case .cancelled = termination { self?.searches.withLock { $0[index].cancelled = true } }
        }
        return stream
    }

    /// Delivers `update` to search `index`.
    public func send(_ update: MoviesPageUpdate, toSearch index: Int) {
        search(index)?.continuation.yield(update)
    }

    /// Ends search `index`, with `error` if given.
    public func finish(search index: Int, throwing error: (any Error)? = nil) {
        search(index)?.continuation.finish(throwing: error)
    }

    /// Search `index`, or `nil` with the test failed: the view model never started that search.
    private func search(_ index: Int) -> Search? {
        let search = searches.withLock { $0.indices.contains(index) ? $0[index] : nil }
        if search == nil { Issue.record("ControlledSearchMoviesUseCase: search \(index) was never asked for") }
        return search
    }
}
