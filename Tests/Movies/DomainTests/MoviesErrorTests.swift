import MoviesDomain
import Testing

@Suite struct MoviesErrorTests {
    @Test func onlyNotConnectedCountsAsAConnectionError() {
        #expect(MoviesError.notConnected(service: "TMDB", detail: "refused").isConnectionError)
        #expect(!MoviesError.timedOut(service: "TMDB", seconds: 1).isConnectionError)
        #expect(!MoviesError.server(service: "TMDB", status: 500, message: "").isConnectionError)
    }

    @Test func invalidKeyMessageNamesTheVariableAndTheFix() {
        let text = MoviesError.invalidAPIKey(environmentVariable: "MY_TMDB_KEY", message: "Invalid API key: You must be granted a valid key.").description
        #expect(text.contains("401"))
        #expect(text.contains("MY_TMDB_KEY"))
        #expect(text.contains("\"source\": \"catalog\""))
    }
}
