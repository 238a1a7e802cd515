/// The client's name while it ran on URLSession; plugins written then build unchanged, with a warning.
@available(*, deprecated, renamed: "CurlHTTPClient", message: "the HTTP client runs on libcurl now; use CurlHTTPClient")
public typealias URLSessionHTTPClient = CurlHTTPClient
