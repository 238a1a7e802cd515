import Foundation
import MoviesDomain
import Synchronization

/// Records every poster request. With an image it answers each at once; without one, each request waits
/// until the test answers it by width or by path, so a test decides the order in which answers arrive.
public final class ControlledPosterImagesRepository: PosterImagesRepository {
    private struct State {
        var requests: [(path: String, width: Int)] = []
        var waiting: [(path: String, width: Int, continuation: CheckedContinuation<Result<PosterImage, any Error>, Never>)] = []
        var early: [Int: Result<PosterImage, any Error>] = [:]
        var cancelledWidths: [Int] = []
        var cancelledPaths: [String] = []
    }

    private let image: PosterImage?
    private let state = Mutex(State())

    public init(image: PosterImage? = .stub) {
        self.image = image
    }

    /// The requests, in order.
    public var requests: [(path: String, width: Int)] { state.withLock { $0.requests } }
    /// The widths whose request had been cancelled by the time its answer arrived.
    public var cancelledWidths: [Int] { state.withLock { $0.cancelledWidths } }
    /// The paths whose request had been cancelled by the time its answer arrived.
    public var cancelledPaths: [String] { state.withLock { $0.cancelledPaths } }

    /// Answers the request for `width` (now, or as soon as it arrives).
    public func answer(width: Int, with result: Result<PosterImage, any Error>) {
        state.withLock { state in
            if let index = state.waiting.firstIndex(where: { $0.width == width }) {
                state.waiting.remove(at: index).continuation.resume(returning: result)
            } else {
                state.early[width] = result
            }
        }
    }

    /// Answers the waiting request for `path`; returns false when none waits.
    @discardableResult
    public func answer(path: String, with result: Result<PosterImage, any Error>) -> Bool {
        state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.path == path }) else { return false }
            state.waiting.remove(at: index).continuation.resume(returning: result)
            return true
        }
    }

    public func fetchImage(with imagePath: String, width: Int) async throws -> PosterImage {
        let result: Result<PosterImage, any Error> = await withCheckedContinuation { continuation in
            state.withLock { state in
                state.requests.append((imagePath, width))
                if let image {
                    continuation.resume(returning: .success(image))
                } else if let early = state.early.removeValue(forKey: width) {
                    continuation.resume(returning: early)
                } else {
                    state.waiting.append((imagePath, width, continuation))
                }
            }
        }
        if Task.isCancelled {
            state.withLock {
                $0.cancelledWidths.append(width); $0.cancelledPaths.append(imagePath)
            }
        }
        return try result.get()
    }
}

extension PosterImage {
    /// A 2×2 poster: red, green above blue, white.
    public static let stub = PosterImage(width: 2, height: 2, rgb: [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])

    /// A poster of one colour.
    public static func filled(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> PosterImage {
        PosterImage(width: width, height: height, rgb: Array(repeating: [red, green, blue], count: width * height).flatMap { $0 })
    }
}
