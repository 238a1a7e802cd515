import Foundation
import MoviesDomain
import StrataBase
import StrataNetworking

/// Downloads posters from TMDB's image host (`/t/p/w342/…jpg`; no key is needed), keeps the files in a
/// bounded disk cache, and decodes them.
///
/// A cached file is used without asking the network. One that no longer decodes (cut short by a full
/// disk, say) is dropped and fetched again; a fetched file that doesn't decode is not kept. A poster is
/// read up to `maxImageBytes` (TMDB's largest are a few hundred KB).
public struct TMDBPosterImagesRepository: PosterImagesRepository {
    /// The most bytes a poster may have when the caller doesn't say: 10 MB.
    public static let defaultMaxImageBytes = 10_000_000

    private let configuration: TMDBConfiguration
    private let service: DataTransferService
    private let cache: PosterDiskCache?

    public init(
        client: any HTTPClient, configuration: TMDBConfiguration, cache: PosterDiskCache? = nil,
        maxImageBytes: Int = TMDBPosterImagesRepository.defaultMaxImageBytes
    ) {
        self.configuration = configuration
        self.cache = cache
        service = DataTransferService(
            client: client, baseURL: configuration.imagesBaseURL.absoluteString,
            timeout: configuration.timeout, maxResponseBytes: maxImageBytes, retry: .standard)
    }

    public func fetchImage(with imagePath: String, width: Int) async throws -> PosterImage {
        let path = TMDBEndpoints.posterPath(imagePath, width: width)
        if let cached = cache?.data(for: path) {
            if let image = try? JPEGDecoder.decode(cached, minimumWidth: width) { return image }
            cache?.remove(path)
        }
        let data: Data
        do {
            data = Data(try await service.response(TMDBEndpoints.posterImage(path: imagePath, width: width)).body)
        } catch .tooLarge(let limit) {
            throw MoviesError.unexpectedResponse(
                service: serviceName,
                detail: limitPassedText("the poster \(path)", limit)
                    + " (the movies setting \"posterMaxMegabytes\" raises the limit)")
        } catch {
            var images = configuration
            images.baseURL = configuration.imagesBaseURL
            throw error.moviesError(
                images, retry: .standard,
                notFound: .posterNotFound(
                    service: "TMDB images at \(configuration.imagesBaseURL.absoluteString)", path: path))
        }
        try Task.checkCancellation()
        do {
            let image = try JPEGDecoder.decode(data, minimumWidth: width)
            cache?.store(data, for: path)
            return image
        } catch {
            throw MoviesError.unexpectedResponse(
                service: serviceName,
                detail: "the poster \(path) is not a readable JPEG (\(error.reason))")
        }
    }

    private var serviceName: String { "TMDB images at \(configuration.imagesBaseURL.absoluteString)" }
}
