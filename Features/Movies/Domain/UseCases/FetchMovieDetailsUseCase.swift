/// Finds one movie by id (the details of a movie).
public protocol FetchMovieDetailsUseCase: Sendable {
    /// The movie with `id`.
    /// - Throws: `MoviesError.movieNotFound`, or another `MoviesError` when the source fails.
    func execute(id: Int) async throws -> Movie
}

/// Asks the `MoviesRepository`.
public struct DefaultFetchMovieDetailsUseCase: FetchMovieDetailsUseCase {
    private let moviesRepository: any MoviesRepository

    public init(moviesRepository: any MoviesRepository) {
        self.moviesRepository = moviesRepository
    }

    public func execute(id: Int) async throws -> Movie {
        try await moviesRepository.fetchMovie(id: id)
    }
}
