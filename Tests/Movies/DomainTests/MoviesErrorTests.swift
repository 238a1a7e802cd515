import MoviesDomain
import Testing

@Suite struct MoviesErrorTests {
    @Test func onlyNotConnectedCountsAsAConnectionError() {
        #expect(MoviesError.notConnected(service: "TMDB", detail: "refused").isConnectionError)
        #expect(!MoviesError.timedOut(service: "TMDB", seconds: 1).isConnectionError)
        #expect(!MoviesError.server(service: "TMDB", status: 500, message: "").isConnectionError)
    }
}
