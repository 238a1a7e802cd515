import Foundation
import MoviesDomain
import StrataNetworking

/// The TMDB requests the feature makes.
enum TMDBEndpoints {
    /// `GET /3/search/movie?query=&page=&language=`
    static func searchMovies(query: String, page: Int, language: String) -> Endpoint<MoviesResponseDTO> {
        Endpoint(
            path: "3/search/movie",
            query: [
                QueryItem(name: "query", value: query),
                QueryItem(name: "page", value: String(page)),
                QueryItem(name: "language", value: language),
            ])
    }

    /// `GET /3/movie/{id}?language=`
    static func movieDetails(id: Int, language: String) -> Endpoint<MoviesResponseDTO.MovieDTO> {
        Endpoint(path: "3/movie/\(id)", query: [QueryItem(name: "language", value: language)])
    }

    /// `GET /t/p/w{width}{path}` on the images host.
    static func posterImage(path: String, width: Int) -> Endpoint<Data> {
        Endpoint(path: posterPath(path, width: width))
    }

    /// `t/p/w{width}/{path}`: where the images host keeps a poster at the TMDB width closest to `width`.
    static func posterPath(_ path: String, width: Int) -> String {
        "t/p/w\(PosterSize.closestWidth(to: width))/\(path.drop { $0 == "/" })"
    }
}

extension TMDBConfiguration {
    /// The poster's address on the images host, at the TMDB width closest to `width`.
    public func posterURL(_ path: String, width: Int) -> URL {
        imagesBaseURL.appendingPathComponent(TMDBEndpoints.posterPath(path, width: width))
    }
}
