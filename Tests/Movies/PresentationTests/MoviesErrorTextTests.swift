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

    /// A 404 won't change with time: it says what is wrong instead of "Try again later."
    @Test func a404SaysWhatIsWrongNotToTryLater() {
        let search = MoviesErrorText.text(MoviesError.addressNotFound(service: "TMDB at http://127.0.0.1:9", message: "The resource you requested could not be found."))
        #expect(search == "TMDB at http://127.0.0.1:9 answered HTTP 404 (The resource you requested could not be found.): there is no TMDB API at that address. Check \"baseURL\" in the movies settings (TMDB's is https://api.themoviedb.org).")
        let poster = MoviesErrorText.text(MoviesError.posterNotFound(service: "TMDB images at https://image.tmdb.org", path: "t/p/w92/none.jpg"))
        #expect(poster.contains("has no file t/p/w92/none.jpg (HTTP 404)") && poster.contains("\"imagesBaseURL\""), "\(poster)")
        for text in [search, poster] { #expect(!text.contains("Try again")) }
        #expect(MoviesErrorText.text(MoviesError.server(service: "TMDB", status: 403, message: "")).hasSuffix("Check \"baseURL\" in the movies settings."))
        #expect(MoviesErrorText.text(MoviesError.server(service: "TMDB", status: 503, message: "")).hasSuffix("Try again later."))
    }

    @Test func aPagePastTheLastSaysHowManyThereAre() {
        #expect(MoviesErrorText.text(MoviesError.pageOutOfRange(query: "the", page: 49, pageCount: 1))
                == "no page 49 for \"the\": there is 1 page.")
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
