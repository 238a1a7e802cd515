import Foundation
import MoviesDomain

/// TMDB's answer to `GET /3/search/movie`.
struct MoviesResponseDTO: Decodable, Sendable {
    let page: Int
    let totalPages: Int
    let movies: [MovieDTO]

    private enum CodingKeys: String, CodingKey {
        case page
        case totalPages = "total_pages"
        case movies = "results"
    }
}

extension MoviesResponseDTO {
    /// One movie of a search answer, and the whole answer to `GET /3/movie/{id}` (extra keys are ignored).
    struct MovieDTO: Decodable, Sendable {
        let id: Int
        let title: String
        let overview: String?
        /// `null` when TMDB has no poster.
        let posterPath: String?
        /// `"1999-10-15"`, or `""` when the date isn't known yet.
        let releaseDate: String?
        /// The details' genres (a search gives only their ids).
        let genres: [GenreDTO]?
        /// The details' runtime in minutes, 0 or `null` when unknown.
        let runtime: Int?
        let voteAverage: Double?
        let voteCount: Int?

        struct GenreDTO: Decodable, Sendable {
            let name: String
        }

        private enum CodingKeys: String, CodingKey {
            case id, title, overview, genres, runtime
            case posterPath = "poster_path"
            case releaseDate = "release_date"
            case voteAverage = "vote_average"
            case voteCount = "vote_count"
        }
    }
}

// MARK: - Mappings to Domain

extension MoviesResponseDTO {
    func toDomain() -> MoviesPage {
        MoviesPage(page: page, totalPages: totalPages, movies: movies.map { $0.toDomain() })
    }
}

extension MoviesResponseDTO.MovieDTO {
    func toDomain() -> Movie {
        Movie(
            id: id, title: title, overview: overview ?? "",
            posterPath: posterPath.flatMap { $0.isEmpty ? nil : $0 },
            releaseDate: releaseDate.flatMap(ReleaseDay.date(from:)),
            genre: genres?.first?.name, runtimeMinutes: runtime.flatMap { $0 > 0 ? $0 : nil },
            // An average of no votes is no rating.
            rating: (voteCount ?? 0) > 0 ? voteAverage : nil)
    }
}
