import Foundation
import StrataNetworking
import Synchronization

/// Records the waits the service asks for instead of waiting.
final class RecordedSleeps: Sendable {
    private let delays = Mutex<[Double]>([])
    var all: [Double] { delays.withLock { $0 } }
    var sleep: @Sendable (Double) async throws -> Void {
        { [self] seconds in delays.withLock { $0.append(seconds) } }
    }
}

/// An HTTP client that fails with a fixed transport error and records what it was asked; for the
/// failures a loopback server can't produce without waiting for real.
final class FailingHTTPClient: HTTPClient {
    private let error: NetworkError
    private let sent = Mutex<[HTTPRequest]>([])
    init(_ error: NetworkError) { self.error = error }
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        throw error
    }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        sent.withLock { $0.append(request) }
        return AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
