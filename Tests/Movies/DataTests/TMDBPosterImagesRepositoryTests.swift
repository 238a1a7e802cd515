import Foundation
import MoviesData
import MoviesDomain
import StrataNetworking
import StrataURLSession
import StrataTesting
import Synchronization
import Testing

@Suite struct JPEGDecoderTests {
    /// The pixels of a binary PPM (`P6 <width> <height> 255`, then RGB).
    func pixels(ofPPM data: Data) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let bytes = [UInt8](data)
        var fields: [String] = [], index = 0
        while fields.count < 4 {
            while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var field = ""
            while bytes[index] != 0x20 && bytes[index] != 0x0A { field.append(Character(UnicodeScalar(bytes[index]))); index += 1 }
            fields.append(field)
        }
        #expect(fields[0] == "P6" && fields[3] == "255")
        return (Int(fields[1])!, Int(fields[2])!, Array(bytes[(index + 1)...]))
    }

    @Test func decodesLibjpegTurbosTestPictureCloseToTheOriginalItWasMadeFrom() throws {
        let image = try JPEGDecoder.decode(try SharedSamples.testJPEG)
        let original = try pixels(ofPPM: try SharedSamples.testPPM)
        #expect(image.width == 227 && image.height == 149)
        #expect((original.width, original.height) == (227, 149))
        let difference = zip(image.rgb, original.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(image.rgb.count)
        #expect(mean < 4, "JPEG is lossy, but each channel should be within a few levels on average: \(mean)")
    }

    /// A CMYK JPEG (Adobe's inverted inks, as Photoshop and ImageMagick write them) comes out as RGB close
    /// to the picture it was made from; libjpeg alone refused it ("Unsupported color conversion request").
    @Test func decodesACMYKJPEGCloseToTheRGBOriginal() throws {
        let image = try JPEGDecoder.decode(try SharedSamples.image("testorig-cmyk.imagemagick.jpg"))
        let original = try pixels(ofPPM: try SharedSamples.testPPM)
        #expect(image.width == 227 && image.height == 149)
        let difference = zip(image.rgb, original.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        let mean = Double(difference) / Double(image.rgb.count)
        #expect(mean < 6, "each channel should be within a few levels on average: \(mean)")
        #expect(try JPEGDecoder.decode(try SharedSamples.image("testorig-cmyk.imagemagick.jpg"), minimumWidth: 40).width == 57)
    }

    @Test func scalesWhileDecodingDownToTheWidthAskedFor() throws {
        let jpeg = try SharedSamples.testJPEG
        // 227 wide: 1/8 gives 29, 1/4 gives 57, 1/2 gives 114 (libjpeg rounds up).
        #expect(try JPEGDecoder.decode(jpeg, minimumWidth: 20).width == 29)
        #expect(try JPEGDecoder.decode(jpeg, minimumWidth: 40).width == 57)
        #expect(try JPEGDecoder.decode(jpeg, minimumWidth: 100).width == 114)
        #expect(try JPEGDecoder.decode(jpeg, minimumWidth: 200).width == 227)
        let quarter = try JPEGDecoder.decode(jpeg, minimumWidth: 40)
        #expect(quarter.height == 38 && quarter.rgb.count == 57 * 38 * 3)
    }

    @Test func aFileThatIsNotAJPEGIsAnErrorNotACrash() throws {
        #expect(try #require(throws: JPEGDecoder.Failure.self) { try JPEGDecoder.decode(Data()) }.reason == "the file is empty")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let failure = try #require(throws: JPEGDecoder.Failure.self) { try JPEGDecoder.decode(png) }
        #expect(failure.reason.contains("Not a JPEG file"), "libjpeg's words: \(failure.reason)")
        let headerOnly = try SharedSamples.testJPEG.prefix(200)
        #expect(throws: JPEGDecoder.Failure.self) { try JPEGDecoder.decode(headerOnly) }
    }
}

@Suite struct PosterDiskCacheTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-posters-\(UUID().uuidString)")

    /// A clock that moves one second on each reading, so "least recently used" never ties.
    final class Ticks: Sendable {
        let seconds = Mutex(0.0)
        func now() -> Date { seconds.withLock { $0 += 1; return Date(timeIntervalSince1970: $0) } }
    }

    @Test func keepsFilesAndDropsTheLeastRecentlyUsedBeyondItsLimit() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let ticks = Ticks()
        let cache = PosterDiskCache(folder: folder, byteLimit: 250, now: ticks.now)
        cache.store(Data(repeating: 1, count: 100), for: "t/p/w92/a.jpg")
        cache.store(Data(repeating: 2, count: 100), for: "t/p/w92/b.jpg")
        #expect(cache.data(for: "t/p/w92/a.jpg") == Data(repeating: 1, count: 100))  // a is now the most recent
        cache.store(Data(repeating: 3, count: 100), for: "t/p/w92/c.jpg")
        #expect(cache.data(for: "t/p/w92/b.jpg") == nil, "b was used least recently")
        #expect(cache.data(for: "t/p/w92/a.jpg") != nil && cache.data(for: "t/p/w92/c.jpg") != nil)

        cache.store(Data(repeating: 4, count: 251), for: "t/p/w780/huge.jpg")
        #expect(cache.data(for: "t/p/w780/huge.jpg") == nil, "a file larger than the whole limit is not kept")
        #expect(cache.data(for: "t/p/w92/c.jpg") != nil, "and it pushes nothing out")
    }

    @Test func keysBecomeDistinctNamesInsideTheFolder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PosterDiskCache(folder: folder)
        cache.store(Data([1]), for: "../../escape")
        cache.store(Data([2]), for: "t/p/a_b.jpg")
        cache.store(Data([3]), for: "t/p/a/b.jpg")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["_2E._2F.._2Fescape", "t_2Fp_2Fa_2Fb.jpg", "t_2Fp_2Fa_5Fb.jpg"])
        #expect(cache.data(for: "t/p/a_b.jpg") == Data([2]) && cache.data(for: "t/p/a/b.jpg") == Data([3]))
    }
}

@Suite struct TMDBPosterImagesRepositoryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-posters-\(UUID().uuidString)")

    @Test func fetchesThePosterInTheClosestWidthWithoutTheKeyAndDecodesIt() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg",
                     response: LoopbackResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: try SharedSamples.testJPEG))
        let configuration = TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: testAPIKey)
        let repository = TMDBPosterImagesRepository(client: CurlHTTPClient(), configuration: configuration)

        let image = try await repository.fetchImage(with: "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", width: 300)

        #expect(image.width == 227 && image.height == 149)
        #expect(server.requests.first?.path == "/t/p/w342/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg")
        #expect(server.requests.first?.query["api_key"] == nil)
    }

    /// A repository fetching from `server` that keeps posters in a disk cache in `folder`.
    func cachedRepository(on server: LoopbackHTTPServer, maxImageBytes: Int = TMDBPosterImagesRepository.defaultMaxImageBytes)
        -> (TMDBPosterImagesRepository, PosterDiskCache) {
        let cache = PosterDiskCache(folder: folder)
        return (TMDBPosterImagesRepository(client: CurlHTTPClient(), configuration: TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: nil),
                                           cache: cache, maxImageBytes: maxImageBytes), cache)
    }

    @Test func aKeptPosterIsShownWithoutTheNetworkAndABrokenOneIsFetchedAgain() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w92/p.jpg", response: LoopbackResponse(status: 200, body: try SharedSamples.testJPEG))
        let (repository, cache) = cachedRepository(on: server)

        let first = try await repository.fetchImage(with: "/p.jpg", width: 20)
        let second = try await repository.fetchImage(with: "/p.jpg", width: 20)
        #expect(first == second && first.width == 29)
        #expect(server.requests.count == 1, "the second came from the disk")

        cache.store(Data("not a jpeg".utf8), for: "t/p/w92/p.jpg")  // as if cut short
        #expect(try await repository.fetchImage(with: "/p.jpg", width: 20) == first)
        #expect(server.requests.count == 2)
        #expect(cache.data(for: "t/p/w92/p.jpg") == (try SharedSamples.testJPEG))
    }

    @Test func anAnswerThatIsNotAJPEGIsAnErrorAndIsNotKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w92/p.jpg", response: .text("<html>captive portal</html>"))
        let (repository, cache) = cachedRepository(on: server)
        let error = try await #require(throws: MoviesError.self) { try await repository.fetchImage(with: "/p.jpg", width: 20) }
        guard case .unexpectedResponse(_, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail.contains("t/p/w92/p.jpg is not a readable JPEG"), "\(detail)")
        #expect(cache.data(for: "t/p/w92/p.jpg") == nil)
    }

    /// A poster answered 404: the file is gone (or the images address is wrong), which waiting won't change.
    @Test func aMissingPosterSaysTheFileIsMissingNotToTryLater() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w92/none.jpg", response: .text("<html>Not Found</html>", status: 404))
        let repository = TMDBPosterImagesRepository(client: CurlHTTPClient(),
                                                    configuration: TMDBConfiguration(imagesBaseURL: server.baseURL, apiKey: nil))
        let error = try await #require(throws: MoviesError.self) { try await repository.fetchImage(with: "/none.jpg", width: 92) }
        #expect(error == .posterNotFound(service: "TMDB images at \(server.baseURL.absoluteString)", path: "t/p/w92/none.jpg"))
        #expect(!error.canSucceedOnRetry)
    }

    @Test func aPosterPastItsLimitIsRefusedInWordsAndNotKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/t/p/w92/p.jpg", response: LoopbackResponse(status: 200, body: try SharedSamples.testJPEG))
        let (repository, cache) = cachedRepository(on: server, maxImageBytes: 2_000)

        let error = try await #require(throws: MoviesError.self) { try await repository.fetchImage(with: "/p.jpg", width: 20) }

        guard case .unexpectedResponse(_, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail == #"the poster t/p/w92/p.jpg passed 2 KB; strata stopped reading it (the movies setting "posterMaxMegabytes" raises the limit)"#)
        #expect(cache.data(for: "t/p/w92/p.jpg") == nil)
        #expect(TMDBPosterImagesRepository.defaultMaxImageBytes == 10_000_000)
    }
}
