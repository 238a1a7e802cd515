/// `HOST:PORT` as a user types it on a command line (`10.0.0.5:7400`, `localhost:7400`, `0.0.0.0:0`): the one
/// reading of that text, so that strata, which opens a sandboxed helper's sockets for the address the user
/// typed, and the plugin, which asks for it, agree on which address it is.
public struct TCPAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let host: String
    public let port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// The host before the last colon and the port after it; `nil` for text that isn't `HOST:PORT` (no
    /// host, or a port that isn't a number from 0 to 65535).
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":"), colon > text.startIndex, let port = UInt16(text[text.index(after: colon)...]) else {
            return nil
        }
        host = String(text[..<colon])
        self.port = port
    }

    public var description: String { "\(host):\(port)" }
}
