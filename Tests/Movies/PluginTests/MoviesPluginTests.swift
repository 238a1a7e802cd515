import Foundation
import StrataTerminal
import StrataTesting
import StrataURLSession
import Testing
import MoviesPresentation
@testable import MoviesPlugin

/// Movies in the test host, searching the bundled catalog offline.
@MainActor
final class MoviesPluginTests {
    let host: PluginTestHost

    init() throws {
        // HTTP only for posters, which these tests don't open.
        host = try PluginTestHost(MoviesPlugin(), id: "movies", settings: #"{"source": "catalog"}"#, http: CurlHTTPClient())
    }

    deinit { host.removeData() }

    /// The test host knows the plugin by the descriptor linked into this binary: an id that none has is
    /// refused at once, naming it, rather than running the plugin without its declarations.
    @Test func anIdWithoutALinkedDescriptorIsRefused() throws {
        let error = #expect(throws: PluginTestHost.MissingDescriptor.self) {
            try PluginTestHost(MoviesPlugin(), id: "films")
        }
        #expect(error?.description.contains("'films'") == true)
        #expect(host.descriptor.id == "movies" && host.descriptor.commands.contains { $0.words == ["movies", "search"] })
    }

    @Test func aCatalogSearchFindsTheFilmAndItsDetails() async throws {
        let search = await host.run("movies", "search", "blade", "runner", "--json")
        #expect(search.code == 0, "\(search.error)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any])
        let movies = try #require(page["movies"] as? [[String: Any]])
        let first = try #require(movies.first)
        #expect((first["title"] as? String)?.hasPrefix("Blade Runner") == true)

        let id = try #require(first["id"] as? Int)
        let shown = await host.run("movies", "show", String(id))
        #expect(shown.code == 0)
        #expect(shown.output.contains("Blade Runner  (catalog id \(id))"), "the id says whose it is: \(shown.output)")

        // The JSON says what the text says: the genre and the rating too (and the runtime, null here as the
        // catalog has none for this film).
        let json = await host.run("movies", "show", String(id), "--json")
        let details = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(details["genre"] as? String == "Thriller/Suspense" && details["rating"] as? Double == 8.3, "\(json.output)")
        #expect(details["runtimeMinutes"] is NSNull, "\(json.output)")
    }

    @Test func theAppOpensOnTheSearchField() throws {
        let text = try host.openScreen().render(size: TerminalSize(width: 80, height: 20)).text
        #expect(text.contains("Search"), "\(text)")
    }

    /// TMDB and its image host on one loopback server: the fight club search and libjpeg-turbo's test picture
    /// as every poster.
    static func tmdbServer() throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/Data")
        let search = try Data(contentsOf: folder.appendingPathComponent("tmdb/search_movie_fight_club.c-eg.json"))
        let poster = try Data(contentsOf: folder.appendingPathComponent("images/testorig.libjpeg-turbo.jpg"))
        let details = try Data(contentsOf: folder.appendingPathComponent("tmdb/movie_details_550.jdrouet.json"))
        server.route("GET", "/3/search/movie", response: LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: search))
        server.route("GET", "/3/movie/550", response: LoopbackResponse(status: 200, headers: ["Content-Type": "application/json"], body: details))
        server.route("GET", "/t/p/w92/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", response: LoopbackResponse(status: 200, body: poster))
        return server
    }

    @Test func theDetailsScreenShowsTheTMDBPosterAndKeepsItInTheDataFolder() async throws {
        let server = try Self.tmdbServer()
        defer { server.stop() }
        setenv("STRATA_POSTER_TEST_API_KEY", "0123456789abcdef0123456789abcdef", 1)
        let settings = #"{"source": "tmdb", "apiKeyEnvironment": "STRATA_POSTER_TEST_API_KEY", "baseURL": "\#(server.baseURL.absoluteString)", "imagesBaseURL": "\#(server.baseURL.absoluteString)"}"#
        let tmdb = try PluginTestHost(MoviesPlugin(), id: "movies", settings: settings, http: CurlHTTPClient())
        defer { tmdb.removeData() }

        let shown = await tmdb.run("movies", "show", "550")
        #expect(shown.code == 0, "\(shown.error)")
        #expect(shown.output.contains("Poster: \(server.baseURL.absoluteString)/t/p/w500/"), "the configured image host: \(shown.output)")

        let app = try tmdb.openScreen()
        let size = TerminalSize(width: 80, height: 20)
        for character in "fight" { try app.send(.character(character)) }
        try app.send(.enter)
        try await #require(app.navigator.top as? MoviesListScreen).viewModel.waitUntilLoaded()
        try app.send(.enter)
        _ = app.render(size: size)
        try await #require(app.navigator.top as? MovieDetailsScreen).viewModel.posterLoad?.value
        let frame = app.render(size: size)
        #expect(frame[1, 2].character == "▀" && frame[1, 2].style.foreground != nil, "\(frame.text)")
        #expect(frame.line(2).hasSuffix("Fight Club"))
        let kept = tmdb.dataDirectory.appendingPathComponent("posters/t_2Fp_2Fw92_2FpB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(FileManager.default.fileExists(atPath: kept.path), "the poster is kept for the next run")
    }
}
