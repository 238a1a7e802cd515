import Foundation
import MoviesDomain
import Observation

/// One movie's details, with its poster loaded on demand.
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
    /// The poster's bytes once `updatePosterImage(width:)` has loaded them.
    public private(set) var posterImage: Data?

    @ObservationIgnored private let posterImagesRepository: any PosterImagesRepository

    public init(movie: Movie, posterImagesRepository: any PosterImagesRepository) {
        title = movie.title
        overview = movie.overview.isEmpty ? "No overview." : movie.overview
        let item = MoviesListItemViewModel(movie: movie)
        releaseDate = item.releaseDate
        facts = item.facts
        posterPath = movie.posterPath
        self.posterImagesRepository = posterImagesRepository
    }

    /// Loads the poster in the TMDB size closest to `width`; a movie without a poster loads nothing, and a
    /// failure leaves the poster empty.
    public func updatePosterImage(width: Int) async {
        guard let posterPath else { return }
        posterImage = try? await posterImagesRepository.fetchImage(with: posterPath, width: width)
    }
}
