import MoviesDomain
import MoviesTesting
import Testing

@Suite struct FetchRecentMovieQueriesUseCaseTests {
    @Test func returnsAtMostMaxCountNewestFirst() async throws {
        let repository = InMemoryMoviesQueriesRepository()
        for text in ["a", "b", "c"] { try await repository.saveRecentQuery(query: MovieQuery(query: text)) }
        let useCase = DefaultFetchRecentMovieQueriesUseCase(moviesQueriesRepository: repository)
        let queries = try await useCase.execute(requestValue: FetchRecentMovieQueriesUseCaseRequestValue(maxCount: 2))
        #expect(queries == [MovieQuery(query: "c"), MovieQuery(query: "b")])
    }

    @Test func zeroMaxCountReturnsNothingWithoutAsking() async throws {
        let useCase = DefaultFetchRecentMovieQueriesUseCase(
            moviesQueriesRepository: InMemoryMoviesQueriesRepository(failure: .storage("must not be called")))
        #expect(try await useCase.execute(requestValue: FetchRecentMovieQueriesUseCaseRequestValue(maxCount: 0)).isEmpty)
    }
}
