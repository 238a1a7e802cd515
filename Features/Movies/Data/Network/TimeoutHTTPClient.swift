import Foundation
import StrataNetworking

/// Makes every request fail with `NetworkError.timedOut` once its `timeout` has passed without a response.
///
/// URLSession on Linux ignores a request's own `timeoutInterval` when the session has a delegate and waits
/// for the session's 60 s default instead, so the feature enforces its timeout itself, per attempt.
struct TimeoutHTTPClient: HTTPClient {
    let base: any HTTPClient

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        let base = base
        do {
            return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
                group.addTask { try await base.send(request) }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(max(0, request.timeout) * 1_000_000_000))
                    throw NetworkError.timedOut(seconds: request.timeout)
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw NetworkError.cancelled }
                return first
            }
        } catch let error as NetworkError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(String(describing: error))
        }
    }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        base.stream(request)
    }
}
