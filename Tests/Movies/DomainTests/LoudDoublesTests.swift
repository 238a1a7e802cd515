import MoviesDomain
import MoviesTesting
import Testing

/// The doubles fail the test on a call it didn't script, instead of answering anything.
struct LoudDoublesTests {
    @Test func aMovieTheStubWasNotGivenFailsTheTest() async {
        await withKnownIssue(isIntermittent: false) {
            _ = try? await StubMoviesRepository(updates: [], movies: [.stub(id: 1)]).fetchMovie(id: 7)
        } matching: { unexpectedCall($0) }
    }

    @Test func aSearchTheStubWasGivenNoAnswerForFailsTheTest() async {
        await withKnownIssue(isIntermittent: false) {
            do {
                for try await _ in StubMoviesRepository(updates: []).fetchMoviesList(query: MovieQuery(query: "dune"), page: 1) {}
            } catch {}
        } matching: { unexpectedCall($0) }
    }

    @Test func sendingToASearchThatNeverStartedFailsTheTest() {
        withKnownIssue(isIntermittent: false) {
            ControlledSearchMoviesUseCase().send(.fresh(.stub(page: 1, totalPages: 1, ids: [])), toSearch: 0)
        } matching: { unexpectedCall($0) }
    }
}

/// An issue the double recorded (not an error the call threw).
private func unexpectedCall(_ issue: Issue) -> Bool {
    issue.comments.contains { $0.rawValue.contains("unexpected") || $0.rawValue.contains("never asked for") }
}
