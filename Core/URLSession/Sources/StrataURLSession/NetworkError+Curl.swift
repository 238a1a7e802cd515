internal import CCurl
import StrataNetworking

#if canImport(Glibc)
internal import Glibc
#endif

extension NetworkError {
    /// The case a failed libcurl transfer is to the caller.
    /// - Parameters:
    ///   - code: the transfer's result.
    ///   - systemError: the `errno` of the failed connect or send (`CURLINFO_OS_ERRNO`), 0 if none.
    ///   - detail: what libcurl said (its error buffer, else its text for `code`).
    ///   - timeout: the request's timeout, for `.timedOut`.
    init(curlCode code: CURLcode, systemError: Int32, detail: String, timeout: Double) {
        switch code {
        case CURLE_COULDNT_CONNECT where systemError == ETIMEDOUT, CURLE_OPERATION_TIMEDOUT:
            self = .timedOut(seconds: timeout)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self = .notConnected(detail: detail)
        case CURLE_SEND_ERROR where systemError == ECONNRESET, CURLE_RECV_ERROR where systemError == ECONNRESET:
            self = .notConnected(detail: detail)
        case CURLE_ABORTED_BY_CALLBACK:
            self = .cancelled
        case CURLE_PARTIAL_FILE:  // libcurl: "transfer closed with outstanding read data remaining"
            self = .transport(Self.closedEarly)
        default:
            self = .transport(detail)
        }
    }

    /// A body that ended before its length (or its last chunk) said it would: the server closed the
    /// connection, or crashed, mid-answer.
    static let closedEarly = "the server closed the connection before its answer was complete"

    /// libcurl could not be opened (`reason`, from the loader): no request can be sent until it is installed.
    static func libcurlUnavailable(_ reason: String) -> NetworkError {
        .transport(
            "HTTP requests need libcurl.so.4, which could not be loaded (\(reason)). "
                + "Install Debian's libcurl4 package: sudo apt-get install libcurl4")
    }
}
