import Foundation
import MoviesDomain

extension Movie {
    /// A movie for tests; every field has a default.
    public static func stub(
        id: Int = 1, title: String = "title1", overview: String = "overview1",
        posterPath: String? = "/1.jpg", releaseDate: Date? = nil
    ) -> Movie {
        Movie(id: id, title: title, overview: overview, posterPath: posterPath, releaseDate: releaseDate)
    }
}

extension MoviesPage {
    /// Page `page` of `totalPages` holding movies with the given ids (titled `title<id>`).
    public static func stub(page: Int, totalPages: Int, ids: [Int]) -> MoviesPage {
        MoviesPage(
            page: page, totalPages: totalPages,
            movies: ids.map { Movie.stub(id: $0, title: "title\($0)", overview: "overview\($0)", posterPath: "/\($0).jpg") })
    }
}
