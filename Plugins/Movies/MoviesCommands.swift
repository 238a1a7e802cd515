import Foundation
import MoviesData
import MoviesDomain
import MoviesPresentation
import StrataPluginKit

/// `strata movies search|recent|show`. What each takes is declared in `plugin.json`.
struct MoviesCommands: Sendable {
    let context: PluginContext
    let settings: MoviesSettings

    func register() throws {
        let commands = self
        try context.addCommand(command(["movies", "search"]) { try await commands.search($0, $1) })
        try context.addCommand(command(["movies", "recent"]) { try await commands.recent($0, $1) })
        try context.addCommand(command(["movies", "show"]) { try await commands.show($0, $1) })
    }

    /// A command whose failures are worded by `MoviesErrorText`.
    private func command(_ path: [String],
                         _ body: @escaping @Sendable (CommandArguments, CommandInvocation) async throws -> Void) -> PluginCommand {
        PluginCommand(path: path, errors: { .failure(MoviesErrorText.text($0)) }, run: body)
    }

    func search(_ arguments: CommandArguments, _ invocation: CommandInvocation) async throws {
        let query = arguments.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw CommandError.usage("missing QUERY") }
        let page = arguments.integer("--page") ?? 1
        guard page >= 1 else { throw CommandError.usage("--page takes a page number from 1, not \(page)") }
        var shown: MoviesPage?
        var failure: (any Error)?
        do {
            let useCase = try context.service((any SearchMoviesUseCase).self)
            let request = SearchMoviesUseCaseRequestValue(query: MovieQuery(query: query), page: page)
            for try await update in useCase.execute(requestValue: request) { shown = update.page }
        } catch {
            guard shown != nil else { throw error }
            failure = error
        }
        guard let shown else { throw CommandError.failure("the search ended without a page") }
        let json = arguments.has("--json")
        // Past the last page: an error (exit 1); --json still prints the empty page.
        if shown.movies.isEmpty && shown.totalPages > 0 && shown.page > shown.totalPages {
            if json { try invocation.writeJSON(MoviesPageJSON(shown, stale: failure != nil)) }
            throw MoviesError.pageOutOfRange(query: query, page: shown.page, pageCount: shown.totalPages)
        }
        try output(invocation, json: json, value: MoviesPageJSON(shown, stale: failure != nil)) {
            MoviesTextFormatter.searchResults(shown, query: query)
        }
        // A page saved by an earlier search stands in for the answer that failed: results, so exit 0, marked
        // stale ("stale": true) and said on standard error, so that a script can tell.
        if let failure {
            invocation.writeError("movies: \(MoviesErrorText.text(failure)) Showing the page saved by an earlier search instead.")
        }
    }

    func recent(_ arguments: CommandArguments, _ invocation: CommandInvocation) async throws {
        let useCase = try context.service((any FetchRecentMovieQueriesUseCase).self)
        let queries = try await useCase.execute(requestValue: .init(maxCount: settings.recentQueriesLimit))
        try output(invocation, json: arguments.has("--json"), value: queries.map(\.query)) { MoviesTextFormatter.recentQueries(queries) }
    }

    func show(_ arguments: CommandArguments, _ invocation: CommandInvocation) async throws {
        let text = arguments.positionals[0]
        guard let id = Int(text) else { throw CommandError.usage("ID is a number printed by a search, not \"\(text)\"") }
        let movie = try await context.service((any FetchMovieDetailsUseCase).self).execute(id: id)
        let tmdb = settings.tmdbConfiguration(environment: invocation.environment)
        try output(invocation, json: arguments.has("--json"), value: MovieJSON(movie, details: true)) {
            MoviesTextFormatter.details(movie, source: settings.movieSource == .tmdb ? "TMDB" : "catalog") { tmdb.posterURL($0, width: 500) }
        }
    }

    private func output(_ invocation: CommandInvocation, json: Bool, value: some Encodable, text: () -> String) throws {
        if json {
            try invocation.writeJSON(value)
        } else {
            invocation.write(text())
        }
    }
}
