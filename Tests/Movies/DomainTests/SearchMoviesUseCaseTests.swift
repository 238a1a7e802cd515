import MoviesDomain
import MoviesTesting
import Testing

@Suite struct SearchMoviesUseCaseTests {
    private let request = SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "title1"), page: 1)

    private func collect(_ useCase: some SearchMoviesUseCase) async -> (updates: [MoviesPageUpdate], error: (any Error)?) {
        var updates: [MoviesPageUpdate] = []
        do {
            for try await update in useCase.execute(requestValue: request) { updates.append(update) }
            return (updates, nil)
        } catch {
            return (updates, error)
        }
    }

    @Test func searchSavesRecentQueryOnlyAfterNetworkSuccess() async throws {
        // given
        let page = MoviesPage.stub(page: 1, totalPages: 2, ids: [1, 2])
        let queries = InMemoryMoviesQueriesRepository()
        let useCase = DefaultSearchMoviesUseCase(moviesRepository: StubMoviesRepository(updates: [.fresh(page)]),
                                                 moviesQueriesRepository: queries)
        // when
        let result = await collect(useCase)
        // then
        #expect(result.updates == [.fresh(page)])
        #expect(result.error == nil)
        #expect(queries.savedQueries == [MovieQuery(query: "title1")])
        #expect(try await queries.fetchRecentsQueries(maxCount: 1) == [MovieQuery(query: "title1")])
    }

    @Test func searchDoesNotSaveQueryWhenTheSourceFails() async {
        let queries = InMemoryMoviesQueriesRepository()
        let failure = MoviesError.notConnected(service: "TMDB", detail: "refused")
        let useCase = DefaultSearchMoviesUseCase(moviesRepository: StubMoviesRepository(updates: [], failure: failure),
                                                 moviesQueriesRepository: queries)
        let result = await collect(useCase)
        #expect(result.updates.isEmpty)
        #expect(result.error as? MoviesError == failure)
        #expect(queries.savedQueries.isEmpty)
    }

    @Test func searchDoesNotSaveQueryOnACacheHitAlone() async {
        let cached = MoviesPage.stub(page: 1, totalPages: 1, ids: [7])
        let queries = InMemoryMoviesQueriesRepository()
        let failure = MoviesError.timedOut(service: "TMDB", seconds: 15)
        let useCase = DefaultSearchMoviesUseCase(
            moviesRepository: StubMoviesRepository(updates: [.cached(cached)], failure: failure),
            moviesQueriesRepository: queries)
        let result = await collect(useCase)
        #expect(result.updates == [.cached(cached)])
        #expect(result.error as? MoviesError == failure)
        #expect(queries.savedQueries.isEmpty)
    }

    @Test func searchDeliversCachedThenFreshAndSavesOnceForTheFreshPage() async {
        let cached = MoviesPage.stub(page: 1, totalPages: 1, ids: [1])
        let fresh = MoviesPage.stub(page: 1, totalPages: 2, ids: [1, 2])
        let queries = InMemoryMoviesQueriesRepository()
        let useCase = DefaultSearchMoviesUseCase(
            moviesRepository: StubMoviesRepository(updates: [.cached(cached), .fresh(fresh)]),
            moviesQueriesRepository: queries)
        let result = await collect(useCase)
        #expect(result.updates == [.cached(cached), .fresh(fresh)])
        #expect(queries.savedQueries.count == 1)
    }

    @Test func searchStillDeliversThePageWhenSavingTheQueryFails() async {
        let fresh = MoviesPage.stub(page: 1, totalPages: 1, ids: [3])
        let useCase = DefaultSearchMoviesUseCase(
            moviesRepository: StubMoviesRepository(updates: [.fresh(fresh)]),
            moviesQueriesRepository: InMemoryMoviesQueriesRepository(failure: .storage("disk full")))
        let result = await collect(useCase)
        #expect(result.updates == [.fresh(fresh)])
        #expect(result.error == nil)
    }

    @Test func searchAsksTheRepositoryForTheRequestedQueryAndPage() async throws {
        let repository = StubMoviesRepository(updates: [.fresh(.stub(page: 3, totalPages: 3, ids: []))])
        let useCase = DefaultSearchMoviesUseCase(moviesRepository: repository,
                                                 moviesQueriesRepository: InMemoryMoviesQueriesRepository())
        for try await _ in useCase.execute(requestValue: SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "dune"), page: 3)) {}
        #expect(repository.requests == [SearchMoviesUseCaseRequestValue(query: MovieQuery(query: "dune"), page: 3)])
    }
}
