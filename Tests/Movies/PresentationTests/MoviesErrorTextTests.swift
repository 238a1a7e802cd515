import MoviesDomain
import MoviesPresentation
import Testing

/// The words of the command line for each failure: what happened and what to do next.
@Suite struct MoviesErrorTextTests {
    @Test func invalidKeyNamesTheVariableAndTheFix() {
        let text = MoviesErrorText.text(MoviesError.invalidAPIKey(environmentVariable: "MY_TMDB_KEY",
                                                                  message: "Invalid API key: You must be granted a valid key."))
        #expect(text.hasPrefix("TMDB answered 401 (Invalid API key"))
        #expect(text.contains("Set MY_TMDB_KEY to a valid TMDB API key"))
        #expect(text.contains("\"source\": \"catalog\""))
    }

    @Test func aRateLimitLongerThanTheRetriesSaysItDidNotRetryAndWhenToTryAgain() {
        let text = MoviesErrorText.text(MoviesError.rateLimited(retryAfter: 120, retried: false))
        #expect(text.contains("did not retry. Try again in 120 s."))
        #expect(!text.contains("after retrying"))
        #expect(MoviesErrorText.text(MoviesError.rateLimited(retryAfter: 2.5, retried: true)).contains("Wait 2.5 s"))
    }

    @Test func anUnknownMovieSaysHowToFindOne() {
        #expect(MoviesErrorText.text(MoviesError.movieNotFound(id: 7, source: "catalog"))
                == "no movie with id 7 in the catalog source. Search first: strata movies search QUERY.")
    }

    @Test func anotherErrorIsShownAsItDescribesItself() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        #expect(MoviesErrorText.text(Broken()) == "disk on fire")
    }
}
