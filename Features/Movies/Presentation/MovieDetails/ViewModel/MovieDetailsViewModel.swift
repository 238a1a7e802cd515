import Foundation
import MoviesDomain
import Observation
import StrataTerminal

/// One movie's details, with its poster loaded on demand at the size the screen has room for.
@MainActor
@Observable
public final class MovieDetailsViewModel {
    public let title: String
    public let overview: String
    /// "Release Date: Oct 15, 1999", or "To be announced".
    public let releaseDate: String
    /// "Drama · 139 min · 8.4/10", when the source says any of it.
    public let facts: String?
    public let posterPath: String?
    /// "Poster: https://image.tmdb.org/t/p/w500/….jpg", for a terminal that can't draw it.
    public let posterLine: String?
    /// The poster once loaded for the width last asked for.
    public private(set) var poster: Picture?
    /// Why the poster isn't shown, when loading it failed.
    public private(set) var posterProblem: String?

    @ObservationIgnored private let posterImagesRepository: any PosterImagesRepository
    /// The poster's load while it runs (a test waits on it).
    @ObservationIgnored public private(set) var posterLoad: Task<Void, Never>?
    /// The width of the latest request: only its answer is shown.
    @ObservationIgnored private var requestedPosterWidth: Int?

    /// - Parameter posterURL: the poster's address for its path, for the line shown instead of the picture.
    public init(movie: Movie, posterImagesRepository: any PosterImagesRepository, posterURL: (String) -> URL) {
        let item = MoviesListItemViewModel(movie: movie)
        title = item.title
        overview = movie.overview.isEmpty ? "No overview." : movie.overview
        releaseDate = item.releaseDate
        facts = item.facts
        posterPath = movie.posterPath
        posterLine = movie.posterPath.map { "Poster: \(posterURL($0).absoluteString)" }
        self.posterImagesRepository = posterImagesRepository
    }

    /// Loads the poster at `width` pixels across. As in kudoleh's app, a new request cancels the one in
    /// flight, and an answer that arrives after a newer request was made is dropped, so a late, smaller
    /// poster never replaces the right one. Asking again for the width already asked for does nothing.
    ///
    /// - Returns: The load, for a test to wait on; nil when nothing was started.
    @discardableResult
    public func updatePosterImage(width: Int) -> Task<Void, Never>? {
        guard let posterPath, width > 0, width != requestedPosterWidth else { return nil }
        requestedPosterWidth = width
        posterLoad?.cancel()
        let repository = posterImagesRepository
        let load = Task { [weak self] in
            let result: Result<PosterImage, any Error>
            do {
                result = .success(try await repository.fetchImage(with: posterPath, width: width))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, requestedPosterWidth == width else { return }
            posterLoad = nil
            switch result {
            case .success(let image):
                poster = Picture(width: image.width, height: image.height, rgb: image.rgb)
                posterProblem = nil
            case .failure(let error):
                posterProblem =
                    (error as? MoviesError)?.isConnectionError == true
                    ? "No poster: no internet connection"
                    : "No poster: " + MoviesErrorText.text(error)
            }
        }
        posterLoad = load
        return load
    }

    /// Stops loading the poster (the screen is left).
    public func cancelPosterLoad() {
        posterLoad?.cancel()
        posterLoad = nil
        requestedPosterWidth = nil
    }
}
