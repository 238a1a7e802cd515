import Foundation
import MoviesDomain
import StrataNetworking

/// Downloads posters from TMDB's image host (`/t/p/w342/…jpg`); no key is needed.
public struct TMDBPosterImagesRepository: PosterImagesRepository {
    private let configuration: TMDBConfiguration
    private let service: DataTransferService

    public init(client: any HTTPClient, configuration: TMDBConfiguration) {
        self.configuration = configuration
        service = DataTransferService(client: client, baseURL: configuration.imagesBaseURL,
                                      timeout: configuration.timeout, retry: .standard)
    }

    public func fetchImage(with imagePath: String, width: Int) async throws -> Data {
        do {
            return try await service.response(TMDBEndpoints.posterImage(path: imagePath, width: width)).body
        } catch {
            var images = configuration
            images.baseURL = configuration.imagesBaseURL
            throw error.moviesError(images, retry: .standard)
        }
    }
}
