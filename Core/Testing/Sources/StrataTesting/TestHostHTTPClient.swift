import Foundation
import StrataNetworking
import Synchronization

/// The HTTP client a ``PluginTestHost`` hands out when the test gives none: strata's own (`CurlHTTPClient`,
/// from the StrataURLSession library), opened on the first request from beside the test binary, as `strata`
/// opens it from beside itself. Where the library isn't built (the test target doesn't depend on
/// StrataURLSession), a request fails saying what to give instead; resolving the client never fails, so a
/// plugin whose factory resolves `HTTPClient` at once runs its other commands as it does in `strata`.
final class TestHostHTTPClient: HTTPClient {
    static let libraryName = "libStrataURLSession.so"
    /// The folder the library is looked for in: the test binary's.
    let folder: String
    private let loaded = Mutex<Result<any HTTPClient, NetworkError>?>(nil)

    init(folder: String = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path) {
        self.folder = folder
    }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        try await client().get().send(request)
    }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        switch client() {
        case .success(let client): client.stream(request)
        case .failure(let error): AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// strata's client, loaded once, or why there is none.
    func client() -> Result<any HTTPClient, NetworkError> {
        loaded.withLock { loaded in
            if let loaded { return loaded }
            let result = Self.load(from: folder)
            loaded = result
            return result
        }
    }

    private static func load(from folder: String) -> Result<any HTTPClient, NetworkError> {
        let path = "\(folder)/\(libraryName)"
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let entry = dlsym(handle, "strata_url_session_http_client") else {
            return .failure(
                .invalidRequest(
                    "PluginTestHost has no HTTP client: \(libraryName) isn't beside the test binary (in \(folder)). "
                        + "Give one as PluginTestHost(…, http: CurlHTTPClient()), from the product StrataURLSession of the package "
                        + "at <strata>/Core/URLSession that the test target depends on, or any HTTPClient that answers as the test needs"))
        }
        let make = unsafeBitCast(entry, to: (@convention(c) () -> UnsafeMutableRawPointer).self)
        guard let client = Unmanaged<AnyObject>.fromOpaque(make()).takeRetainedValue() as? any HTTPClient else {
            return .failure(.invalidRequest("\(path) made no HTTPClient: rebuild the test's package"))
        }
        return .success(client)
    }
}
