import Foundation

/// Poster images by TMDB path.
public protocol PosterImagesRepository: Sendable {
    /// The image bytes of `imagePath` in the TMDB size closest to `width` (see `PosterSize`).
    /// - Throws: a `MoviesError` when the image can't be fetched.
    func fetchImage(with imagePath: String, width: Int) async throws -> Data
}
