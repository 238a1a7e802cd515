import Foundation
import MoviesData
import MoviesDomain
import MoviesPresentation
import StrataPluginKit

/// `strata movies search|recent|show`.
struct MoviesCommands: Sendable {
    let context: PluginContext
    let settings: MoviesSettings

    static let searchUsage = "strata movies search QUERY [--page N] [--json]"
    static let recentUsage = "strata movies recent [--json]"
    static let showUsage = "strata movies show ID [--json]"

    func register() throws {
        let commands = self
        try context.addCommand(PluginCommand(
            path: ["movies", "search"], summary: "Search movies by title (source: \(settings.source.rawValue)), 20 a page",
            usage: Self.searchUsage) { await commands.search($0) })
        try context.addCommand(PluginCommand(
            path: ["movies", "recent"], summary: "List recent movie searches, newest first",
            usage: Self.recentUsage) { await commands.recent($0) })
        try context.addCommand(PluginCommand(
            path: ["movies", "show"], summary: "Show one movie by the id a search printed",
            usage: Self.showUsage) { await commands.show($0) })
    }

    func search(_ invocation: CommandInvocation) async -> Int32 {
        let query: String, page: Int, json: Bool
        do {
            let arguments = try CommandArguments(invocation.arguments, options: ["--page"], flags: ["--json"])
            query = arguments.positionals.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            guard !query.isEmpty else { throw CommandError.usage("missing QUERY") }
            let pageText = arguments.value("--page") ?? "1"
            guard let number = Int(pageText), number >= 1 else {
                throw CommandError.usage("--page takes a page number from 1, not \"\(pageText)\"")
            }
            page = number
            json = arguments.has("--json")
        } catch {
            return usageError(error, invocation)
        }
        var shown: MoviesPage?
        var stale = false
        do {
            let useCase = try context.service((any SearchMoviesUseCase).self)
            let request = SearchMoviesUseCaseRequestValue(query: MovieQuery(query: query), page: page)
            for try await update in useCase.execute(requestValue: request) { shown = update.page }
        } catch {
            guard shown != nil else { return failure(error, invocation) }
            stale = true
            invocation.writeError("\(MoviesErrorText.text(error))\n(showing the page saved by an earlier search instead)")
        }
        guard let shown else { return 1 }
        let code = output(invocation, json: json, value: MoviesPageJSON(shown, stale: stale)) {
            MoviesTextFormatter.searchResults(shown, query: query)
        }
        // The page is shown, but the search failed: a script must not take it for a fresh answer.
        return stale ? 1 : code
    }

    func recent(_ invocation: CommandInvocation) async -> Int32 {
        let json: Bool
        do {
            let arguments = try CommandArguments(invocation.arguments, flags: ["--json"])
            guard arguments.positionals.isEmpty else { throw CommandError.usage("unexpected \(arguments.positionals[0])") }
            json = arguments.has("--json")
        } catch {
            return usageError(error, invocation)
        }
        do {
            let useCase = try context.service((any FetchRecentMovieQueriesUseCase).self)
            let queries = try await useCase.execute(requestValue: .init(maxCount: settings.recentQueriesLimit))
            return output(invocation, json: json, value: queries.map(\.query)) { MoviesTextFormatter.recentQueries(queries) }
        } catch {
            return failure(error, invocation)
        }
    }

    func show(_ invocation: CommandInvocation) async -> Int32 {
        let id: Int, json: Bool
        do {
            let arguments = try CommandArguments(invocation.arguments, flags: ["--json"])
            let text = try arguments.positional(0, "ID")
            guard let number = Int(text) else { throw CommandError.usage("ID is a number printed by a search, not \"\(text)\"") }
            guard arguments.positionals.count == 1 else { throw CommandError.usage("unexpected \(arguments.positionals[1])") }
            id = number
            json = arguments.has("--json")
        } catch {
            return usageError(error, invocation)
        }
        do {
            let movie = try await context.service((any FetchMovieDetailsUseCase).self).execute(id: id)
            let tmdb = settings.tmdbConfiguration(environment: invocation.environment)
            return output(invocation, json: json, value: MovieJSON(movie)) {
                MoviesTextFormatter.details(movie, source: settings.source == .tmdb ? "TMDB" : "catalog") { tmdb.posterURL($0, width: 500) }
            }
        } catch {
            return failure(error, invocation)
        }
    }

    private func output(_ invocation: CommandInvocation, json: Bool, value: some Encodable, text: () -> String) -> Int32 {
        guard json else {
            invocation.write(text())
            return 0
        }
        do {
            try invocation.writeJSON(value)
            return 0
        } catch {
            return failure(error, invocation)
        }
    }

    /// Reports wrong arguments; the host prints the usage line after an exit code of 2.
    private func usageError(_ error: any Error, _ invocation: CommandInvocation) -> Int32 {
        invocation.writeError("movies: \(error)")
        return 2
    }

    private func failure(_ error: any Error, _ invocation: CommandInvocation) -> Int32 {
        invocation.writeError(MoviesErrorText.text(error))
        return 1
    }
}
