import Foundation
import MoviesDomain
import Synchronization

/// Searches the bundled catalog (the Vega movie table, see `Resources/README.md`): works offline, 20 results
/// a page, ranked by how well the title matches and then by IMDb rating. A page is always `.fresh`: the
/// catalog is local, so it has no cache in front of it.
public final class CatalogMoviesRepository: MoviesRepository {
    /// The source name in messages.
    public static let source = "catalog"

    private let location: @Sendable () throws -> URL
    private let loaded = Mutex<MoviesCatalog?>(nil)

    /// A repository over the catalog bundled with this target, looked for in `folders` (the plugin library's)
    /// and then next to the executable; the file is read on first use.
    public convenience init(searching folders: [URL] = []) {
        self.init(location: { try CatalogResource.locate(searching: folders) })
    }

    /// A repository over the catalog file `location` returns, read on first use.
    public init(location: @escaping @Sendable () throws -> URL) {
        self.location = location
    }

    public func fetchMoviesList(query: MovieQuery, page: Int) -> AsyncThrowingStream<MoviesPageUpdate, any Error> {
        AsyncThrowingStream { continuation in
            do {
                continuation.yield(.fresh(try catalog().search(query.trimmed, page: page)))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    public func fetchMovie(id: Int) async throws -> Movie {
        guard let record = try catalog().record(id: id) else { throw MoviesError.movieNotFound(id: id, source: Self.source) }
        return record.toDomain()
    }

    /// The number of movies in the catalog.
    /// - Throws: `MoviesError.catalogUnavailable`.
    public func count() throws -> Int { try catalog().count }

    private func catalog() throws -> MoviesCatalog {
        try loaded.withLock { loaded in
            if let catalog = loaded { return catalog }
            let catalog = try MoviesCatalog(contentsOf: try location())
            loaded = catalog
            return catalog
        }
    }
}
