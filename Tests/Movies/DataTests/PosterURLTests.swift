import Foundation
import MoviesData
import Testing

/// `movies show` prints the poster's whole address: the images host, the TMDB width, the path.
struct PosterURLTests {
    @Test func aPosterIsAddressedOnTheImagesHostAtTheClosestTMDBWidth() {
        let tmdb = TMDBConfiguration(apiKey: nil)
        #expect(tmdb.posterURL("/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", width: 500).absoluteString
                == "https://image.tmdb.org/t/p/w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(tmdb.posterURL("x.jpg", width: 300).absoluteString == "https://image.tmdb.org/t/p/w342/x.jpg")
    }
}
