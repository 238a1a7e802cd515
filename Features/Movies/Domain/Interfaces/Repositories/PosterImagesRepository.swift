/// Poster images by TMDB path.
public protocol PosterImagesRepository: Sendable {
    /// The poster at `imagePath`, fetched in the TMDB size closest to `width` (see `PosterSize`) and decoded
    /// to at least `width` pixels across where the image is that wide.
    /// - Throws: a `MoviesError` when the image can't be fetched or read, `CancellationError` when cancelled.
    func fetchImage(with imagePath: String, width: Int) async throws -> PosterImage
}
