import Foundation
import StrataTerminal
import StrataTesting
import StrataURLSession
import Testing
@testable import MoviesPlugin

/// Movies in the test host, searching the bundled catalog offline.
@MainActor
final class MoviesPluginTests {
    let host: PluginTestHost

    init() throws {
        // HTTP only for posters, which these tests don't open.
        host = try PluginTestHost(MoviesPlugin(), settings: #"{"source": "catalog"}"#, http: URLSessionHTTPClient())
    }

    deinit { host.removeData() }

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
    }

    @Test func theAppOpensOnTheSearchField() throws {
        let text = try host.openScreen().render(size: TerminalSize(width: 80, height: 20)).text
        #expect(text.contains("Search"), "\(text)")
    }
}
