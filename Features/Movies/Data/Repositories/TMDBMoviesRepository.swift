import Foundation
import MoviesDomain
import StrataNetworking

/// Searches TMDB (`GET /3/search/movie`), answering first from the response cache when it can.
///
/// Every fresh page is saved to the cache under (`tmdb`, query, page, language). The cache is an
/// optimisation: when it can't be read or written, the search goes on without it.
public struct TMDBMoviesRepository: MoviesRepository {
    /// The source name in cache keys and messages.
    public static let source = "tmdb"

    private let configuration: TMDBConfiguration
    private let service: DataTransferService
    private let cache: any MoviesResponseStorage
    private let retry: RetryPolicy

    /// - Parameters:
    ///   - client: the transport (the host's `HTTPClient`).
    ///   - retry: how often to retry 429 and 503; `Retry-After` is honoured.
    ///   - sleep: waits between retries; tests pass one that returns at once.
    public init(
        client: any HTTPClient, configuration: TMDBConfiguration, cache: any MoviesResponseStorage,
        retry: RetryPolicy = .standard,
        sleep: @escaping @Sendable (Double) async throws -> Void = { seconds in
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        }
    ) {
        self.configuration = configuration
        self.cache = cache
        self.retry = retry
        service = DataTransferService(
            client: client, baseURL: configuration.baseURL.absoluteString,
            headers: configuration.authorizationHeaders, query: configuration.authorizationQuery,
            timeout: configuration.timeout, retry: retry, sleep: sleep)
    }

    public func fetchMoviesList(query: MovieQuery, page: Int) -> AsyncThrowingStream<MoviesPageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<MoviesPageUpdate, any Error>.makeStream()
        let key = MoviesResponseKey(source: Self.source, query: query.trimmed, page: page, language: configuration.language)
        let task = Task {
            if let cached = try? cache.page(for: key) {
                continuation.yield(.cached(cached))
            }
            do {
                let fresh = try await search(query.trimmed, page: page)
                try? cache.save(fresh, for: key)
                continuation.yield(.fresh(fresh))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    public func fetchMovie(id: Int) async throws -> Movie {
        try requireKey()
        do {
            return try await service.request(TMDBEndpoints.movieDetails(id: id, language: configuration.language)).toDomain()
        } catch {
            throw error.moviesError(configuration, retry: retry, notFound: .movieNotFound(id: id, source: Self.source))
        }
    }

    private func search(_ query: String, page: Int) async throws(MoviesError) -> MoviesPage {
        try requireKey()
        do {
            let endpoint = TMDBEndpoints.searchMovies(query: query, page: page, language: configuration.language)
            return try await service.request(endpoint).toDomain()
        } catch {
            throw error.moviesError(configuration, retry: retry)
        }
    }

    private func requireKey() throws(MoviesError) {
        if configuration.apiKey == nil { throw .missingAPIKey(environmentVariable: configuration.apiKeyEnvironment) }
        // The key goes to the configured host only over https, or over plain http to this machine.
        if !HTTPURL.mayCarrySecret(configuration.baseURL.absoluteString) {
            throw .keyOverPlainHTTP(environmentVariable: configuration.apiKeyEnvironment, baseURL: configuration.baseURL.absoluteString)
        }
    }
}
