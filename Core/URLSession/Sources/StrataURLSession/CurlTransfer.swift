internal import CCurl
internal import FoundationEssentials
import StrataNetworking

#if canImport(Glibc)
internal import Glibc
#endif

/// One request on the client's multi handle: its easy handle, its options, what its callbacks receive, and
/// how it ends.
///
/// A transfer is made on the caller's thread and handed to the client's `CurlWorker`; from then on only
/// the worker's thread touches it. libcurl's callbacks run there too, inside `curl_multi_perform`: they
/// read the head and yield it and the body chunks to the stream, and each moves the idle deadline on.
final class CurlTransfer {
    /// What another thread may do to the transfer: cancel it.
    let control: CurlTransferControl
    /// When the transfer fails for want of news from the server, if its request has a timeout.
    private(set) var deadline: ContinuousClock.Instant?
    private let request: HTTPRequest
    private let continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation
    private let idleLimit: Duration?
    private var reader = ResponseHeadReader()
    /// A redirect's head, which libcurl normally follows; it is the response only if nothing follows it.
    private var pendingHead: HTTPResponse?
    private var headDelivered = false
    /// Body bytes delivered so far (decoded), against the request's `maxResponseBytes`.
    private var bodyBytes = 0
    /// Header bytes read so far, against ``maxHeaderBytes``; a redirect's count too.
    private var headerBytes = 0
    /// The limit the response passed, if it did: its callback refused the bytes, so libcurl stopped.
    private var passedLimit: Int?
    private var easy: OpaquePointer?
    private var headerList: OpaquePointer?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CCURL_ERROR_SIZE))

    /// A transfer of `request` whose parts and end go to `continuation`.
    init(
        _ request: HTTPRequest, delivering continuation: AsyncThrowingStream<HTTPStreamPart, any Error>.Continuation,
        control: CurlTransferControl
    ) {
        self.request = request
        self.continuation = continuation
        self.control = control
        idleLimit = request.timeout.isFinite && request.timeout < 1e9 ? .seconds(max(0, request.timeout)) : nil
        errorBuffer.initialize(to: 0)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    // MARK: Its life on the worker

    /// Makes the transfer's easy handle, with its options set, and starts its idle deadline.
    /// - Parameter share: TLS sessions to share with the client's other transfers, if there is one.
    /// - Throws: `NetworkError.transport` if libcurl refuses the handle or one of its options.
    func makeHandle(sharing share: OpaquePointer?) throws(NetworkError) -> OpaquePointer {
        guard let easy = ccurl_easy_init() else { throw .transport("libcurl could not make a transfer (out of memory?)") }
        self.easy = easy
        try configure(easy)
        if let share { try set(easy, CURLOPT_SHARE, UnsafeRawPointer(share)) }
        moveDeadline()
        return easy
    }

    /// What the transfer's end is to the caller, once libcurl says it is done with `result`: `nil` when it
    /// completed with a response.
    func outcome(_ result: CURLcode) -> NetworkError? {
        if let passedLimit { return .tooLarge(limit: passedLimit) }
        guard result == CURLE_OK else {
            var systemError = 0
            _ = ccurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &systemError)
            let buffered = String(cString: errorBuffer)
            var detail = buffered.isEmpty ? String(cString: ccurl_easy_strerror(result)) : buffered
            if result == CURLE_COULDNT_CONNECT, systemError != 0 {  // libcurl says only "Couldn't connect to server"
                detail += " (\(String(cString: strerror(Int32(truncatingIfNeeded: systemError)))))"
            }
            return NetworkError(curlCode: result, systemError: Int32(truncatingIfNeeded: systemError), detail: detail, timeout: request.timeout)
        }
        deliverPendingHead()
        return headDelivered ? nil : .transport("the server closed the connection without a response")
    }

    /// The error of a transfer that heard nothing for its whole idle timeout.
    var timedOut: NetworkError { .timedOut(seconds: request.timeout) }

    /// Ends the stream: with `error`, or without one when the transfer completed or was cancelled.
    ///
    /// A cancelled stream ended already (its end cancelled the transfer), as a stream a task stops reading
    /// ends, without an error; one here could race ahead of that end and reach the reader.
    func finish(_ error: NetworkError?) {
        switch error {
        case nil, .cancelled?: continuation.finish()
        case let error?: continuation.finish(throwing: error)
        }
    }

    /// Cleans up the easy handle (once its multi handle let it go) and its header list.
    func releaseHandle() {
        if let easy { ccurl_easy_cleanup(easy) }
        easy = nil
        if let headerList { ccurl_slist_free_all(headerList) }
        headerList = nil
    }

    private func moveDeadline() {
        deadline = idleLimit.map { .now + $0 }
    }

    // MARK: What libcurl hands over

    /// The most header bytes a response may have, its redirects' included (libcurl 7.88 bounds each line
    /// at 100 KB, but not their number).
    static let maxHeaderBytes = 1_000_000

    /// Takes a header line; `false` refuses it (and so ends the transfer) when the head passed its limit.
    fileprivate func receiveHeader(_ line: String, count: Int) -> Bool {
        moveDeadline()
        guard admit(count, into: &headerBytes, limit: Self.maxHeaderBytes) else { return false }
        guard !headDelivered, reader.read(line) else { return true }  // after the head, only trailers come
        let head = currentHead()
        if (100..<200).contains(head.status) { return true }  // 100 Continue, 103 Early Hints: the answer comes next
        if (300..<400).contains(head.status), head.header("location") != nil {
            pendingHead = head
        } else {
            deliver(head)
        }
        return true
    }

    /// Takes decoded body bytes; `false` refuses them (and so ends the transfer) when they would pass the
    /// request's limit: nothing past it is delivered.
    fileprivate func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        moveDeadline()
        guard admit(bytes.count, into: &bodyBytes, limit: request.maxResponseBytes) else { return false }
        deliverPendingHead()
        if !headDelivered { deliver(currentHead()) }  // body bytes before a complete head: never from libcurl 7.66+
        continuation.yield(.bytes(Array(bytes)))
        return true
    }

    /// Adds `count` to `total` if that keeps it within `limit`; otherwise records the limit as passed.
    private func admit(_ count: Int, into total: inout Int, limit: Int) -> Bool {
        let (sum, overflow) = total.addingReportingOverflow(count)
        guard !overflow, sum <= limit else {
            passedLimit = limit
            return false
        }
        total = sum
        return true
    }

    /// The response whose head was read last: its status (libcurl's) and fields.
    private func currentHead() -> HTTPResponse {
        var status = 0
        _ = ccurl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(status: status, headers: reader.fields)
    }

    private func deliverPendingHead() {
        guard let head = pendingHead else { return }
        pendingHead = nil
        deliver(head)
    }

    private func deliver(_ head: HTTPResponse) {
        guard !headDelivered else { return }
        headDelivered = true
        continuation.yield(.head(head))
    }

    // MARK: Options

    private func configure(_ easy: OpaquePointer) throws(NetworkError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        try set(easy, CURLOPT_URL, string: request.url)
        try set(easy, CURLOPT_ERRORBUFFER, UnsafeRawPointer(errorBuffer))
        try set(easy, CURLOPT_NOSIGNAL, 1)
        try set(easy, CURLOPT_PROTOCOLS, CCURL_PROTO_HTTP | CCURL_PROTO_HTTPS)
        try set(easy, CURLOPT_REDIR_PROTOCOLS, CCURL_PROTO_HTTP | CCURL_PROTO_HTTPS)
        try set(easy, CURLOPT_FOLLOWLOCATION, 1)
        try set(easy, CURLOPT_MAXREDIRS, 20)
        try set(easy, CURLOPT_ACCEPT_ENCODING, string: "")  // every encoding this libcurl decodes
        try set(easy, CURLOPT_USERAGENT, string: Self.userAgent)
        _ = ccurl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)  // a proxy's answer to CONNECT isn't the response (libcurl 7.54+)
        // Ending a transfer while its name lookup runs leaves the lookup's thread to finish alone instead of
        // waiting for it, which would hold every other transfer of the client (libcurl 7.87+).
        _ = ccurl_easy_setopt_long(easy, CURLOPT_QUICK_EXIT, 1)
        try check(
            ccurl_easy_setopt_write_callback(easy, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
                let (length, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                guard let buffer, let context else { return length }
                let line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
                let taken = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().receiveHeader(line, count: length)
                return taken ? length : 0  // any other count makes libcurl stop the transfer
            }, "CURLOPT_HEADERFUNCTION")
        try set(easy, CURLOPT_HEADERDATA, UnsafeRawPointer(context))
        try check(
            ccurl_easy_setopt_write_callback(easy, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
                let (length, overflow) = size.multipliedReportingOverflow(by: count)
                guard !overflow else { return 0 }
                guard let buffer, let context, length > 0 else { return length }
                let taken = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
                    .receiveBody(UnsafeRawBufferPointer(start: buffer, count: length))
                return taken ? length : 0  // any other count makes libcurl stop the transfer
            }, "CURLOPT_WRITEFUNCTION")
        try set(easy, CURLOPT_WRITEDATA, UnsafeRawPointer(context))
        try configureMethodAndBody(easy)
        try configureHeaders(easy)
    }

    /// GET and HEAD as themselves, POST as libcurl's own (so that a 301, 302 or 303 answer is followed with
    /// a GET, as URLSession did), any other method by name. A body goes as is, with its length.
    private func configureMethodAndBody(_ easy: OpaquePointer) throws(NetworkError) {
        switch request.method {
        case "GET" where request.body == nil: return
        case "HEAD": try set(easy, CURLOPT_NOBODY, 1)
        case "POST": try setBody(easy, request.body ?? [])
        default:
            try set(easy, CURLOPT_CUSTOMREQUEST, string: request.method)
            if let body = request.body { try setBody(easy, body) }
        }
    }

    private func setBody(_ easy: OpaquePointer, _ body: [UInt8]) throws(NetworkError) {
        try check(ccurl_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, Int64(body.count)), "CURLOPT_POSTFIELDSIZE_LARGE")
        // COPYPOSTFIELDS copies the bytes; an empty body still needs a pointer (NULL would read stdin).
        let copied =
            body.isEmpty
            ? "".withCString { ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0) }
            : body.withUnsafeBytes { ccurl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }
        try check(copied, "CURLOPT_COPYPOSTFIELDS")
    }

    /// The request's header fields, and an empty `Expect:` (unless the request sets one) so that libcurl
    /// sends a body at once instead of waiting for a `100 Continue`.
    private func configureHeaders(_ easy: OpaquePointer) throws(NetworkError) {
        var lines = request.headers.map { name, value in value.isEmpty ? "\(name);" : "\(name): \(value)" }  // "Name:" would remove it
        if !request.headers.keys.contains(where: { $0.lowercased() == "expect" }) { lines.append("Expect:") }
        for line in lines {
            guard let list = line.withCString({ ccurl_slist_append(headerList, $0) }) else {
                throw .transport("libcurl could not add the header \(line.prefix(while: { $0 != ":" && $0 != ";" })) (out of memory?)")
            }
            headerList = list
        }
        try set(easy, CURLOPT_HTTPHEADER, UnsafeRawPointer(headerList))
    }

    private func set(_ easy: OpaquePointer, _ option: CURLoption, _ value: Int) throws(NetworkError) {
        try check(ccurl_easy_setopt_long(easy, option, value), "option \(option.rawValue)")
    }

    private func set(_ easy: OpaquePointer, _ option: CURLoption, _ pointer: UnsafeRawPointer?) throws(NetworkError) {
        try check(ccurl_easy_setopt_pointer(easy, option, pointer), "option \(option.rawValue)")
    }

    private func set(_ easy: OpaquePointer, _ option: CURLoption, string: String) throws(NetworkError) {
        try check(string.withCString { ccurl_easy_setopt_pointer(easy, option, $0) }, "option \(option.rawValue)")
    }

    private func check(_ code: CURLcode, _ what: String) throws(NetworkError) {
        guard code == CURLE_OK else {
            let host = URL(string: request.url)?.host ?? "the request"
            throw .transport("libcurl refused \(what) for \(request.method) \(host): \(String(cString: ccurl_easy_strerror(code)))")
        }
    }

    /// `strata libcurl/7.88.1`: the name and the libcurl that sends the request.
    private static let userAgent = "strata " + (String(cString: ccurl_version()).split(separator: " ").first.map(String.init) ?? "libcurl")
}
