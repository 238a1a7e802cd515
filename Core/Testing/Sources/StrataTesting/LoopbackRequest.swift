import Foundation

/// A request as `LoopbackHTTPServer` received it, kept for a test's assertions.
public struct LoopbackRequest: Sendable, Equatable {
    /// The method, uppercased: `GET`, `POST`, …
    public let method: String
    /// The path without the query, percent-decoded: `/3/search/movie`.
    public let path: String
    /// The query items in the order they were sent, decoded as servers do: `%XX` escapes, and `+` as a space.
    public let queryItems: [URLQueryItem]
    /// The header fields, names lowercased; repeated fields are joined with `, `.
    public let headers: [String: String]
    /// The body (a chunked request body is already decoded).
    public let body: Data

    /// Creates a request (the server does this; tests rarely need to).
    public init(method: String, path: String, queryItems: [URLQueryItem] = [], headers: [String: String] = [:], body: Data = Data()) {
        self.method = method.uppercased()
        self.path = path
        self.queryItems = queryItems
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, second in "\(first), \(second)" })
        self.body = body
    }

    /// The query as a dictionary; when a name repeats, the last value wins (`nil` values become `""`).
    public var query: [String: String] {
        Dictionary(queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    }

    /// A header field by name, case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
