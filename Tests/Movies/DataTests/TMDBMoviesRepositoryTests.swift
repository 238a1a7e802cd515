import Foundation
import MoviesData
import MoviesDomain
import StrataStorage
import StrataTesting
import Testing

@Suite struct TMDBMoviesRepositoryTests {
    @Test func searchDecodesTheRealFightClubAnswerIncludingNullPostersAndEmptyDates() async throws {
        let body = try SharedSamples.fightClub
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "Fight Club"), page: 1))

        #expect(result.error == nil)
        let page = try #require(result.updates.last?.page)
        #expect(result.updates.count == 1 && result.updates[0].isFresh)
        #expect(page.page == 1 && page.totalPages == 2 && page.movies.count == 20)
        let first = page.movies[0]
        #expect(first.id == 550 && first.title == "Fight Club" && first.posterPath == "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(first.releaseDate == Date(timeIntervalSince1970: 939_945_600)) // 1999-10-15 00:00 UTC
        let undated = try #require(page.movies.first { $0.id == 973534 })
        #expect(undated.releaseDate == nil && undated.posterPath == nil)
        #expect(page.movies.first { $0.id == 259016 }?.posterPath == nil)
        #expect(page.movies.first { $0.id == 944789 }?.releaseDate == nil)
    }

    @Test func searchSendsQueryPageLanguageAndTheV3KeyAsApiKey() async throws {
        let body = try SharedSamples.singleResult
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "  RRRrrrr!!! "), page: 2))

        #expect(result.updates.map(\.page.movies.first?.title) == ["RRRrrrr!!!"])
        let request = try #require(server.requests.first)
        #expect(request.method == "GET" && request.path == "/3/search/movie")
        #expect(request.query == ["query": "RRRrrrr!!!", "page": "2", "language": "en-US", "api_key": testAPIKey])
        #expect(request.headers["authorization"] == nil)
    }

    @Test func aV4ReadTokenIsSentAsBearerAndNotInTheURL() async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJ0ZXN0In0.c2lnbmF0dXJl"
        let body = try SharedSamples.singleResult
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL, apiKey: token)

        _ = await collect(repository.fetchMoviesList(query: MovieQuery(query: "x"), page: 1))

        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer \(token)")
        #expect(request.query["api_key"] == nil)
    }

    @Test func invalidKeyBecomesAnErrorNamingTheVariableWithoutRetrying() async throws {
        let body = try SharedSamples.invalidKey401
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body, status: 401))
        let sleeps = RecordedSleeps()
        let repository = try makeRepository(baseURL: server.baseURL, sleeps: sleeps)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        #expect(result.error == .invalidAPIKey(environmentVariable: "TMDB_API_KEY",
                                               message: "Invalid API key: You must be granted a valid key."))
        #expect(server.requests.count == 1 && sleeps.values.isEmpty)
        #expect(!String(describing: result.error).contains(testAPIKey), "the error carries no key")
    }

    @Test func rateLimitIsRetriedAfterRetryAfterAndThenSucceeds() async throws {
        let body = try SharedSamples.singleResult
        let limited = #"{"status_code":25,"status_message":"Your request count (41) is over the allowed limit of 40."}"#
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let rateLimited = LoopbackResponse.json(limited, status: 429, headers: ["Retry-After": "2"])
        server.route("GET", searchPath, responses: [rateLimited, rateLimited, .json(body)])
        let sleeps = RecordedSleeps()
        let repository = try makeRepository(baseURL: server.baseURL, sleeps: sleeps)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "rrr"), page: 1))

        #expect(result.error == nil && result.updates.count == 1)
        #expect(sleeps.values == [2, 2])
        #expect(server.requests.count == 3)
    }

    @Test func rateLimitThatPersistsBecomesARateLimitError() async throws {
        let limited = #"{"status_code":25,"status_message":"Your request count (41) is over the allowed limit of 40."}"#
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(limited, status: 429, headers: ["Retry-After": "3"]))
        let sleeps = RecordedSleeps()
        let repository = try makeRepository(baseURL: server.baseURL, sleeps: sleeps)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        #expect(result.error == .rateLimited(retryAfter: 3, retried: true))
        #expect(sleeps.values == [3, 3] && server.requests.count == 3)
    }

    @Test func retryAfterLongerThanThePolicyAllowsIsNotWaitedFor() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json("{}", status: 429, headers: ["Retry-After": "120"]))
        let sleeps = RecordedSleeps()
        let repository = try makeRepository(baseURL: server.baseURL, sleeps: sleeps)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        #expect(result.error == .rateLimited(retryAfter: 120, retried: false))
        #expect(sleeps.values.isEmpty && server.requests.count == 1)
    }

    @Test func serverErrorKeepsTMDBsMessage() async throws {
        let body = #"{"status_code":11,"status_message":"Internal error: Something went wrong, contact TMDb.","success":false}"#
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body, status: 500))
        let repository = try makeRepository(baseURL: server.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        guard case .server(_, let status, let message) = result.error else {
            Issue.record("expected a server error, got \(String(describing: result.error))")
            return
        }
        #expect(status == 500 && message == "Internal error: Something went wrong, contact TMDb.")
        #expect(result.error?.isConnectionError == false)
    }

    @Test func malformedJSONBecomesAnUnexpectedResponseNamingTheKeyPath() async throws {
        let body = #"{"page":1,"total_pages":1,"results":[{"id":"550","title":"Fight Club"}]}"#
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "fight"), page: 1))

        guard case .unexpectedResponse(_, let detail) = result.error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: result.error))")
            return
        }
        #expect(detail.contains("results[0].id"))
    }

    @Test func truncatedBodyIsAnUnexpectedResponse() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(#"{"page":1,"results":[{"#))
        let repository = try makeRepository(baseURL: server.baseURL)
        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "fight"), page: 1))
        if case .unexpectedResponse = result.error {} else { Issue.record("got \(String(describing: result.error))") }
    }

    @Test func answerSlowerThanTheTimeoutBecomesTimedOut() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // The server answers after 60 s, so a result other than timedOut(0.3) means the timeout did not fire.
        // No wall-clock bound: on a loaded 2-core runner the continuation may wait for a free thread.
        server.route("GET", searchPath, response: .json(try SharedSamples.singleResult).delayed(by: 60))
        let repository = try makeRepository(baseURL: server.baseURL, timeout: 0.3)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        guard case .timedOut(_, let seconds) = result.error else {
            Issue.record("expected timedOut, got \(String(describing: result.error))")
            return
        }
        #expect(seconds == 0.3)
        #expect(result.error?.isConnectionError == false)
    }

    @Test func connectionRefusedIsNotConnected() async throws {
        let unused = try UnusedLoopbackPort()
        let repository = try makeRepository(baseURL: unused.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))
        withExtendedLifetime(unused) {} // the port stays reserved until the request has failed

        #expect(result.error?.isConnectionError == true)
        #expect(result.updates.isEmpty)
    }

    @Test func missingKeyFailsBeforeAnyRequest() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(""))
        let repository = try makeRepository(baseURL: server.baseURL, apiKey: "  ")

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))

        #expect(result.error == .missingAPIKey(environmentVariable: "TMDB_API_KEY"))
        #expect(server.requests.isEmpty)
    }

    @Test func secondSearchDeliversTheCachedPageThenTheFreshOne() async throws {
        let body = try SharedSamples.fightClub
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL)

        let first = await collect(repository.fetchMoviesList(query: MovieQuery(query: "Fight Club"), page: 1))
        let second = await collect(repository.fetchMoviesList(query: MovieQuery(query: "fight club "), page: 1))

        #expect(first.updates.map(\.isFresh) == [true])
        #expect(second.updates.map(\.isFresh) == [false, true])
        #expect(second.updates[0].page == first.updates[0].page)
        #expect(server.requests.count == 2)
    }

    @Test func errorAfterACachedPageStillDeliversTheCachedPage() async throws {
        let body = try SharedSamples.singleResult
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, responses: [.json(body), .json("{}", status: 500)])
        let repository = try makeRepository(baseURL: server.baseURL)

        _ = await collect(repository.fetchMoviesList(query: MovieQuery(query: "rrr"), page: 1))
        let second = await collect(repository.fetchMoviesList(query: MovieQuery(query: "rrr"), page: 1))

        #expect(second.updates.count == 1 && second.updates[0].isFresh == false)
        #expect(second.updates[0].page.movies.map(\.id) == [21778])
        if case .server(_, 500, _) = second.error {} else { Issue.record("got \(String(describing: second.error))") }
    }

    @Test func otherPagesAndLanguagesAreNotServedFromTheCache() async throws {
        let body = try SharedSamples.singleResult
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", searchPath, response: .json(body))
        let cache = try SQLiteMoviesResponseStorage(database: try SQLiteDatabase.inMemory())
        let english = try makeRepository(baseURL: server.baseURL, cache: cache)

        _ = await collect(english.fetchMoviesList(query: MovieQuery(query: "rrr"), page: 1))
        let page2 = await collect(english.fetchMoviesList(query: MovieQuery(query: "rrr"), page: 2))

        #expect(page2.updates.map(\.isFresh) == [true])
        #expect(try cache.page(for: MoviesResponseKey(source: "tmdb", query: "rrr", page: 1, language: "fr-FR")) == nil)
        #expect(try cache.page(for: MoviesResponseKey(source: "tmdb", query: "RRR", page: 1, language: "en-US")) != nil)
    }

    @Test func showDecodesTheRealDetailsAnswer() async throws {
        let body = try SharedSamples.details550
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/movie/550", response: .json(body))
        let repository = try makeRepository(baseURL: server.baseURL)

        let movie = try await repository.fetchMovie(id: 550)

        #expect(movie.id == 550 && movie.title == "Fight Club" && movie.overview.hasPrefix("A ticking-time-bomb insomniac"))
        #expect(movie.genre == "Drama" && movie.runtimeMinutes == 139 && movie.rating == 8.44)  // the answer's vote_average
        #expect(server.requests.first?.path == "/3/movie/550")
    }

    /// A search answered 404 means the address is wrong (TMDB always has its search), not a server to wait
    /// for (it was `.server`, worded "Try again later.").
    @Test func aSearchAnswered404IsAWrongAddressNotAServerToWaitFor() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/v3/search/movie", response: .json("{}"))  // the API is elsewhere on this host
        let repository = try makeRepository(baseURL: server.baseURL)

        let result = await collect(repository.fetchMoviesList(query: MovieQuery(query: "dune"), page: 1))
        let error = try #require(result.error)
        guard case .addressNotFound = error else { Issue.record("\(error)"); return }
        #expect(!error.canSucceedOnRetry)
    }

    @Test func showOfAnUnknownIdIsMovieNotFound() async throws {
        let body = try SharedSamples.notFound404
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/movie/1", response: .json(body, status: 404))
        let repository = try makeRepository(baseURL: server.baseURL)

        await #expect(throws: MoviesError.movieNotFound(id: 1, source: "tmdb")) {
            try await repository.fetchMovie(id: 1)
        }
    }
}
