import Foundation
import StrataNetworking
import StrataURLSession
import StrataTesting
import Synchronization
import Testing

/// A page of search results as a TMDB-like API returns it.
struct MoviesPageDTO: Decodable, Equatable {
    struct Movie: Decodable, Equatable {
        let id: Int
        let title: String
    }

    let page: Int
    let results: [Movie]
}

/// The delays a `DataTransferService` asked to wait, recorded instead of waited.
final class DelayRecorder: Sendable {
    private let storage = Mutex<[Double]>([])

    var delays: [Double] { storage.withLock { $0 } }

    var sleep: @Sendable (Double) async throws -> Void {
        { seconds in self.storage.withLock { $0.append(seconds) } }
    }
}

/// A sleep that fails the test if the service ever waits.
let unexpectedSleep: @Sendable (Double) async throws -> Void = { seconds in
    Issue.record("the service waited \(seconds) s but no retry was expected")
}

extension DataTransferService {
    /// A service talking to `server` through the real HTTP client (libcurl).
    static func loopback(_ baseURL: URL, retry: RetryPolicy = .never, timeout: Double = 10,
                         sleep: @escaping @Sendable (Double) async throws -> Void = unexpectedSleep) -> DataTransferService {
        DataTransferService(client: CurlHTTPClient(), baseURL: baseURL.absoluteString, timeout: timeout, retry: retry, sleep: sleep)
    }
}

let searchPath = "/3/search/movie"
let searchEndpoint = Endpoint<MoviesPageDTO>(path: "3/search/movie", query: [QueryItem(name: "query", value: "dune")])
let pageJSON = #"{"page":1,"results":[{"id":438631,"title":"Dune"},{"id":693134,"title":"Dune: Part Two"}]}"#
let page = MoviesPageDTO(page: 1, results: [.init(id: 438631, title: "Dune"), .init(id: 693134, title: "Dune: Part Two")])

/// Runs `body` in a task that is cancelled before it starts: it must end at once (not wait for the server's
/// slow answer) with `NetworkError.cancelled`.
func expectCancelledAtOnceWhenAlreadyCancelled<T: Sendable>(_ body: @escaping @Sendable () async throws -> T,
                                                            sourceLocation: SourceLocation = #_sourceLocation) async {
    let start = ContinuousClock.now
    let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await body()
    }
    let result = await task.result
    #expect(ContinuousClock.now - start < .seconds(5), "cancellation waited for the server", sourceLocation: sourceLocation)
    #expect(throws: NetworkError.cancelled, sourceLocation: sourceLocation) { _ = try result.get() }
}

/// Waits until the request has reached the server (`arrivals` yields), then cancels `task`: it must end at
/// once (not wait for the server's slow answer) with `NetworkError.cancelled`.
func expectCancelledAtOnceInFlight<T: Sendable>(_ task: Task<T, any Error>, arrivals: AsyncStream<Void>,
                                                sourceLocation: SourceLocation = #_sourceLocation) async {
    var iterator = arrivals.makeAsyncIterator()
    await iterator.next()
    let start = ContinuousClock.now
    task.cancel()
    let result = await task.result
    #expect(ContinuousClock.now - start < .seconds(5), "cancellation waited for the server", sourceLocation: sourceLocation)
    #expect(throws: NetworkError.cancelled, sourceLocation: sourceLocation) { _ = try result.get() }
}
