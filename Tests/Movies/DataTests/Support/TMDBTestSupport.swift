import Foundation
import MoviesData
import MoviesDomain
import StrataNetworking
import StrataURLSession
import StrataStorage
import Synchronization

/// Records the waits a `DataTransferService` asks for, without waiting.
final class RecordedSleeps: Sendable {
    private let delays = Mutex<[Double]>([])
    var values: [Double] { delays.withLock { $0 } }
    var sleep: @Sendable (Double) async throws -> Void { { [self] seconds in delays.withLock { $0.append(seconds) } } }
}

/// The path of TMDB's movie search.
let searchPath = "/3/search/movie"

/// The v3 key the tests send; not a real key.
let testAPIKey = "0123456789abcdef0123456789abcdef"

func makeRepository(baseURL: URL, apiKey: String? = testAPIKey, timeout: Double = 5,
                    cache: (any MoviesResponseStorage)? = nil, sleeps: RecordedSleeps = RecordedSleeps()) throws -> TMDBMoviesRepository {
    let configuration = TMDBConfiguration(baseURL: baseURL, apiKey: apiKey, apiKeyEnvironment: "TMDB_API_KEY",
                                          language: "en-US", timeout: timeout)
    let storage = try cache ?? SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory())
    return TMDBMoviesRepository(client: CurlHTTPClient(), configuration: configuration, cache: storage,
                                sleep: sleeps.sleep)
}

/// Every update of one search, and the error that ended it.
func collect(_ stream: AsyncThrowingStream<MoviesPageUpdate, any Error>) async -> (updates: [MoviesPageUpdate], error: MoviesError?) {
    var updates: [MoviesPageUpdate] = []
    do {
        for try await update in stream { updates.append(update) }
        return (updates, nil)
    } catch let error as MoviesError {
        return (updates, error)
    } catch {
        return (updates, .storage("unexpected error type: \(error)"))
    }
}
