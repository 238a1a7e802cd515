import Foundation
import MoviesData
import MoviesDomain
import MoviesPresentation
import StrataPluginKit

/// `strata movies search|recent|show`. What each takes is declared in `plugin.json`.
struct MoviesCommands: Sendable {
    let context: PluginContext
    let settings: MoviesSettings

    /// Contributes the commands, their failures worded by `MoviesErrorText`.
    func register() throws {
        let commands = PluginCommands(context) { error, _ in .failure(MoviesErrorText.text(error)) }
        try commands.add(MoviesSearchCommand.self) { try await search($0, $1) }
        try commands.add(MoviesRecentCommand.self) { try await recent($0, $1) }
        try commands.add(MoviesShowCommand.self) { try await show($0, $1) }
    }

    func search(_ command: MoviesSearchCommand, _ invocation: CommandInvocation) async throws {
        let query = command.arguments.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw CommandError.usage("missing \(MoviesSearchCommand.name(\.query))") }
        let page = command.page ?? 1  // 1 or more, as plugin.json declares
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
        let json = command.json
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

    func recent(_ command: MoviesRecentCommand, _ invocation: CommandInvocation) async throws {
        let useCase = try context.service((any FetchRecentMovieQueriesUseCase).self)
        let queries = try await useCase.execute(requestValue: .init(maxCount: settings.recentQueriesLimit))
        try output(invocation, json: command.json, value: queries.map(\.query)) { MoviesTextFormatter.recentQueries(queries) }
    }

    func show(_ command: MoviesShowCommand, _ invocation: CommandInvocation) async throws {
        guard let id = Int(command.id) else {
            throw CommandError.usage("\(MoviesShowCommand.name(\.id)) is a number printed by a search, not \"\(command.id)\"")
        }
        let movie = try await context.service((any FetchMovieDetailsUseCase).self).execute(id: id)
        let tmdb = settings.tmdbConfiguration(environment: invocation.environment)
        try output(invocation, json: command.json, value: MovieJSON(movie, details: true)) {
            MoviesTextFormatter.details(movie, source: settings.source == .tmdb ? "TMDB" : "catalog") { tmdb.posterURL($0, width: 500) }
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
