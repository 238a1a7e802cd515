import CCurl
import Foundation
import StrataNetworking
@testable import StrataURLSession
import Testing

/// libcurl's results, as the `NetworkError` a caller acts on.
@Suite struct CurlErrorMappingTests {
    private func mapped(_ code: CURLcode, errno systemError: Int32 = 0, detail: String = "what curl said") -> NetworkError {
        NetworkError(curlCode: code, systemError: systemError, detail: detail, timeout: 7)
    }

    @Test func noConnectionIsNotConnected() {
        #expect(mapped(CURLE_COULDNT_CONNECT, errno: ECONNREFUSED) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_COULDNT_CONNECT, errno: EHOSTUNREACH) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_COULDNT_CONNECT, errno: ENETUNREACH) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_COULDNT_RESOLVE_HOST) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_COULDNT_RESOLVE_PROXY) == .notConnected(detail: "what curl said"))
    }

    @Test func aConnectionResetIsNotConnectedButOtherReadFailuresAreTransport() {
        #expect(mapped(CURLE_RECV_ERROR, errno: ECONNRESET) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_SEND_ERROR, errno: ECONNRESET) == .notConnected(detail: "what curl said"))
        #expect(mapped(CURLE_RECV_ERROR) == .transport("what curl said"))
    }

    @Test func timeoutsAreTimedOutWithTheRequestsSeconds() {
        #expect(mapped(CURLE_OPERATION_TIMEDOUT) == .timedOut(seconds: 7))
        #expect(mapped(CURLE_COULDNT_CONNECT, errno: ETIMEDOUT) == .timedOut(seconds: 7))
    }

    @Test func anAbortIsCancelled() {
        #expect(mapped(CURLE_ABORTED_BY_CALLBACK) == .cancelled)
    }

    @Test func everythingElseIsTransportWithWhatCurlSaid() {
        let detail = "SSL certificate problem: unable to get local issuer certificate"
        #expect(mapped(CURLE_PEER_FAILED_VERIFICATION, detail: detail) == .transport(detail))
        #expect(mapped(CURLE_GOT_NOTHING, detail: "Empty reply from server") == .transport("Empty reply from server"))
        #expect(mapped(CURLE_TOO_MANY_REDIRECTS) == .transport("what curl said"))
        #expect(mapped(CURLE_UNSUPPORTED_PROTOCOL) == .transport("what curl said"))
    }

    @Test func aMissingLibcurlSaysWhatToInstall() {
        let error = NetworkError.libcurlUnavailable("libcurl.so.4: cannot open shared object file: No such file or directory")

        guard case .transport(let detail) = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(detail.contains("libcurl.so.4: cannot open shared object file"))
        #expect(detail.contains("apt-get install libcurl4"))
    }
}
