internal import Glibc

/// Opens TCP sockets for the address a user gave a command. The host registers one for every plugin
/// (`service((any TCPSockets).self)`): in process it opens them itself (``KernelTCPSockets``); in a sandboxed
/// helper, which may not open a TCP socket, strata opens them with the user's authority, only for the
/// `HOST:PORT` the user typed where the command declares one (`"endpoint": "listen"` or `"connect"` in
/// `plugin.json`), and passes the descriptor across.
///
/// A descriptor returned is the caller's, in blocking mode and close-on-exec: the caller closes it.
public protocol TCPSockets: Sendable {
    /// A socket listening on `host:port`, an IPv4 address (`0.0.0.0` for every interface; port 0 picks a
    /// free one, which `getsockname` tells).
    /// - Throws: `.notAnAddress`, `.inUse`, `.notGranted` or `.system`.
    func listen(host: String, port: UInt16) throws(TCPSocketError) -> Int32

    /// A socket connected to `host:port` (a name or an IPv4 address), giving up after `timeoutSeconds`.
    /// - Throws: `.unknownHost`, `.refused`, `.timedOut`, `.notGranted` or `.system`.
    func connect(host: String, port: UInt16, timeoutSeconds: Double) throws(TCPSocketError) -> Int32
}

/// Why a socket wasn't opened. The plugin says it in its own words; ``description`` is a plain default.
public enum TCPSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host to listen on is not an IPv4 address.
    case notAnAddress(String)
    /// The name didn't resolve to an IPv4 address.
    case unknownHost(String)
    /// The address (`host:port`) is taken.
    case inUse(String)
    /// Nobody listens at the address (`host:port`).
    case refused(String)
    /// No answer from the address (`host:port`) in time.
    case timedOut(String)
    /// strata didn't open it for a plugin in a sandboxed helper: the sentence says why and what to do.
    case notGranted(String)
    /// Another failure: what was being done, and `errno`.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notAnAddress(let host): "\(host) is not an IPv4 address to listen on"
        case .unknownHost(let host): "can't find the host \(host)"
        case .inUse(let address): "\(address) is already in use"
        case .refused(let address): "nobody listens at \(address) (connection refused)"
        case .timedOut(let address): "\(address) didn't answer in time"
        case .notGranted(let sentence): sentence
        case .system(let what, let code): "can't \(what): \(String(cString: strerror(code)))"
        }
    }
}

/// The sockets of a process that may open them: IPv4 TCP through the kernel's own calls. strata uses it for
/// a plugin in process, and for a sandboxed helper's sockets it grants.
public struct KernelTCPSockets: TCPSockets {
    public init() {}

    public func listen(host: String, port: UInt16) throws(TCPSocketError) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .notAnAddress(host) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system("open a socket", errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(descriptor, 8) == 0 else {
            let code = errno
            close(descriptor)
            throw code == EADDRINUSE ? .inUse("\(host):\(port)") : .system("listen on \(host):\(port)", code)
        }
        return descriptor
    }

    public func connect(host: String, port: UInt16, timeoutSeconds: Double) throws(TCPSocketError) -> Int32 {
        let address = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { throw .unknownHost(host) }
        defer { freeaddrinfo(list) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw .system("open a socket", errno) }
        var code: Int32 = Glibc.connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 ? 0 : errno
        if code == EINPROGRESS {
            // A wait of at most a day in milliseconds: a NaN or an infinity waits no time at all.
            let milliseconds = timeoutSeconds.isFinite ? Int32(min(max(timeoutSeconds, 0), 86_400) * 1000) : 0
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, milliseconds) == 1 {
                var pending: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                code = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length) == 0 ? pending : errno
            } else {
                code = ETIMEDOUT
            }
        }
        guard code == 0 else {
            close(descriptor)
            switch code {
            case ECONNREFUSED: throw .refused(address)
            case ETIMEDOUT: throw .timedOut(address)
            default: throw .system("connect to \(address)", code)
            }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }
}
