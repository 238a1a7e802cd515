import Foundation
import MoviesDomain
import StrataNetworking

/// The TMDB requests the feature makes.
enum TMDBEndpoints {
    /// `GET /3/search/movie?query=&page=&language=`
    static func searchMovies(query: String, page: Int, language: String) -> Endpoint<MoviesResponseDTO> {
        Endpoint(path: "3/search/movie", query: [
            URLQueryItem(name: "query", value: query),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "language", value: language),
        ])
    }

    /// `GET /3/movie/{id}?language=`
    static func movieDetails(id: Int, language: String) -> Endpoint<MoviesResponseDTO.MovieDTO> {
        Endpoint(path: "3/movie/\(id)", query: [URLQueryItem(name: "language", value: language)])
    }

    /// `GET /t/p/w{width}{path}` on the images host.
    static func posterImage(path: String, width: Int) -> Endpoint<Data> {
        Endpoint(path: "t/p/w\(PosterSize.closestWidth(to: width))/\(path.drop { $0 == "/" })")
    }
}
