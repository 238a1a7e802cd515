internal import FoundationEssentials

/// A request relative to a service's base URL, and the type its body decodes to.
public struct Endpoint<Response: Decodable>: Sendable {
    /// The path appended to the base URL, e.g. `3/search/movie`.
    public var path: String
    /// The method.
    public var method: String
    /// Query parameters, in order.
    public var query: [QueryItem]
    /// Header fields added to the service's defaults.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]?
    /// Seconds to wait for the server; `nil` uses the service's default.
    public var timeout: Double?
    /// The most body bytes to take (decoded); `nil` uses the service's default.
    public var maxResponseBytes: Int?

    /// Creates an endpoint.
    public init(
        path: String, method: String = "GET", query: [QueryItem] = [], headers: [String: String] = [:],
        body: [UInt8]? = nil, timeout: Double? = nil, maxResponseBytes: Int? = nil
    ) {
        self.path = path
        self.method = method
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
    }

    /// A `POST` with a JSON body.
    /// - Throws: `NetworkError.invalidRequest` if `body` doesn't encode.
    public static func postJSON(
        path: String, body: some Encodable, headers: [String: String] = [:],
        timeout: Double? = nil
    ) throws(NetworkError) -> Endpoint {
        let data: [UInt8]
        do { data = Array(try JSONEncoder().encode(body)) } catch { throw .invalidRequest("the body doesn't encode: \(error)") }
        var allHeaders = headers
        allHeaders["Content-Type"] = "application/json"
        return Endpoint(path: path, method: "POST", headers: allHeaders, body: data, timeout: timeout)
    }
}

/// A query parameter: `name=value`, or `name` alone when `value` is `nil`. Percent-encoding is the
/// service's job (``DataTransferService/makeRequest(_:)``); give the text as it is.
public struct QueryItem: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// Its value; `nil` for a bare name.
    public var value: String?

    /// Creates a query parameter.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}
