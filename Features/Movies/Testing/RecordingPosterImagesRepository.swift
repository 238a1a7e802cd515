import Foundation
import MoviesDomain
import Synchronization

/// Answers every poster request with the same bytes and records (path, width) of each.
public final class RecordingPosterImagesRepository: PosterImagesRepository {
    private let image: Data
    private let recorded = Mutex<[(path: String, width: Int)]>([])

    public init(image: Data = Data([0xFF, 0xD8, 0xFF])) {
        self.image = image
    }

    /// The requests, in order.
    public var requests: [(path: String, width: Int)] { recorded.withLock { $0 } }

    public func fetchImage(with imagePath: String, width: Int) async throws -> Data {
        recorded.withLock { $0.append((imagePath, width)) }
        return image
    }
}
