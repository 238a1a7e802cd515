import Foundation
import MoviesData
import MoviesDomain
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

@Suite struct TMDBPosterImagesRepositoryTests {
    @Test func fetchesThePosterInTheClosestWidthWithoutTheKey() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg",
                     response: LoopbackResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg))
        let configuration = TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: testAPIKey)
        let repository = TMDBPosterImagesRepository(client: URLSessionHTTPClient(), configuration: configuration)

        let image = try await repository.fetchImage(with: "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", width: 300)

        #expect(image == jpeg)
        #expect(server.requests.first?.path == "/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(server.requests.first?.query["api_key"] == nil)
    }

    @Test func aMissingPosterIsAServerError() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w92/none.jpg", response: .text("<html>Not Found</html>", status: 404))
        let repository = TMDBPosterImagesRepository(client: URLSessionHTTPClient(),
                                                    configuration: TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: nil))
        await #expect(throws: MoviesError.self) { try await repository.fetchImage(with: "/none.jpg", width: 92) }
    }
}
