import Foundation
import MoviesData
import MoviesDomain
import StrataNetworking
import Testing

@Suite struct TMDBPosterImagesRepositoryTests {
    @Test func fetchesThePosterInTheClosestWidthWithoutTheKey() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let server = try LoopbackHTTPServer { _, _ in .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg) }
        defer { server.stop() }
        let configuration = TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: testAPIKey)
        let repository = TMDBPosterImagesRepository(client: URLSessionHTTPClient(), configuration: configuration)

        let image = try await repository.fetchImage(with: "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", width: 300)

        #expect(image == jpeg)
        #expect(server.requests.first?.path == "/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(server.requests.first?.queryItems["api_key"] == nil)
    }

    @Test func aMissingPosterIsAServerError() async throws {
        let server = try LoopbackHTTPServer { _, _ in .respond(status: 404, body: Data("<html>Not Found</html>".utf8)) }
        defer { server.stop() }
        let repository = TMDBPosterImagesRepository(client: URLSessionHTTPClient(),
                                                    configuration: TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: nil))
        await #expect(throws: MoviesError.self) { try await repository.fetchImage(with: "/none.jpg", width: 92) }
    }
}
