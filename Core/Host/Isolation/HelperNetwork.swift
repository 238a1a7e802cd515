import FoundationEssentials
import StrataBase
import StrataNetworking
import StrataPluginKit

/// What a plugin's helper may reach through strata's HTTP client, the one place that decides it: the hosts
/// the plugin declared (narrowed by the config), and the hosts of the URL settings the user wrote for it in
/// their own config (``ChosenHost``). A plugin's keys (the values of the variables it declared) go only to
/// hosts it declared: a request to a host only the user chose is sent without the headers that hold one,
/// and refused when its address or body holds one.
struct HelperNetwork: Sendable {
    let pluginID: String
    let capabilities: PluginDescriptor.Capabilities
    var chosen: [ChosenHost] = []
    /// The values of the variables the plugin declared, as strata's environment has them.
    var secrets: [String] = []
    /// What its `plugin.json` declares under `network`, before the config narrowed it, and the config's file:
    /// a refusal blames whichever took the host away.
    var declared = PluginDescriptor.Capabilities()
    var configSource = "the config"
    /// Where each request and refusal is recorded.
    var audit: PluginAuditLog?
    /// strata's own client (`nil` when it can't be loaded).
    let client: @Sendable () -> (any HTTPClient)?

    /// The most a helper's request may read (its `maxResponseBytes`): what strata's client holds for a
    /// helper that reads slowly.
    static let largestResponse = HTTPRequest.defaultMaxResponseBytes

    /// A value this long or longer is treated as a key (a user name such as `root` isn't one).
    static let shortestSecret = 8

    /// The request strata sends for `fetch`, or why it sends none, in words.
    func request(for fetch: HelperFetch) -> Result<HTTPRequest, HelperRefusal> {
        guard let url = URL(string: fetch.url), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host else {
            return .failure(HelperRefusal("'\(fetch.url)' is not an http(s) URL"))
        }
        var headers = fetch.headers
        if !capabilities.allows(host: host, port: ChosenHost.port(of: url) ?? 0) {
            guard let choice = chosen.first(where: { $0.matches(url) }) else { return .failure(refusal(host: host, port: ChosenHost.port(of: url) ?? 0)) }
            let keys = secrets.filter { $0.count >= Self.shortestSecret }
            if keys.contains(where: { key in Self.contains(fetch.url.utf8, key) || (fetch.body.map { body in Self.contains(body, key) } ?? false) }) {
                return .failure(
                    HelperRefusal(
                        "strata didn't send \(pluginID)'s request to \(choice.address) (your setting \(choice.setting)): it carries a key "
                            + "\(pluginID) may send only to the hosts it declared"))
            }
            // A header that holds one, in its value or its name, is left out.
            headers = headers.filter { name, value in !keys.contains { Self.contains(value.utf8, $0) || Self.contains(name.utf8, $0) } }
        }
        return .success(
            HTTPRequest(
                url: url.absoluteString, method: fetch.method, headers: headers, body: fetch.body.map { Array($0) }, timeout: fetch.timeout,
                maxResponseBytes: min(max(0, fetch.maxResponseBytes), Self.largestResponse)))
    }

    /// Why a request to `host`:`port` isn't sent: the config took away what the plugin declared, the plugin
    /// declared the host on other ports only, or never declared it.
    func refusal(host: String, port: Int) -> HelperRefusal {
        if declared.allows(host: host, port: port) {
            return HelperRefusal(
                "\(pluginID) declares the host \(host) (\"network\" in its plugin.json), but your config takes it away "
                    + "(features.\(pluginID).capabilities.network in \(configSource)), so strata didn't send the request. "
                    + "To allow it, add the host there, or remove that key")
        }
        let ports = declared.network.filter { $0.lowercased().hasPrefix(host.lowercased() + ":") }
        if !ports.isEmpty {
            return HelperRefusal(
                "\(pluginID) declares \(host) only as \(ports.joined(separator: ", ")) (\"network\" in its plugin.json), not port \(port), "
                    + "so strata didn't send the request")
        }
        return HelperRefusal(
            "\(pluginID) didn't declare the host \(host) in its capabilities (\"network\" in plugin.json), so strata didn't send the request")
    }

    /// Sends `fetch` and delivers the response as it arrives, or says why it sends nothing.
    func stream(_ fetch: HelperFetch) -> Result<AsyncThrowingStream<HTTPStreamPart, any Error>, HelperRefusal> {
        let decided = request(for: fetch)
        audit?.record(entry(fetch, decided))
        return decided.flatMap { request in
            guard let client = client() else { return .failure(HelperRefusal("strata's HTTP client can't be loaded")) }
            return .success(client.stream(request))
        }
    }

    /// What the audit records of `fetch`: its method, host, port and path, never its query or body; a path
    /// that holds one of the plugin's keys is left out.
    func entry(_ fetch: HelperFetch, _ decided: Result<HTTPRequest, HelperRefusal>) -> PluginAudit.Entry {
        let url = URL(string: fetch.url)
        let path = url.map(\.path).flatMap { path in
            secrets.contains { $0.count >= Self.shortestSecret && Self.contains(path.utf8, $0) } ? "/(a path that holds a key)" : path
        }
        var refusal: String?
        // The refusal of what isn't a URL would repeat it, query and all.
        let isURL = url?.host != nil && ["http", "https"].contains(url?.scheme?.lowercased() ?? "")
        if case .failure(let refused) = decided { refusal = isURL ? refused.reason : "it is not an http(s) URL" }
        return PluginAudit.Entry(
            kind: .http, refused: refusal != nil, host: url?.host?.lowercased() ?? "(not a URL)", port: url.flatMap(ChosenHost.port(of:)),
            method: fetch.method, path: path, reason: refusal)
    }

    /// Whether `data` holds `text`'s bytes: compared as bytes, since a String's search compares Characters and
    /// misses a key that a combining mark follows (one Character with the key's last), whose bytes go out all the same.
    private static func contains(_ data: some Collection<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, data.count >= needle.count else { return false }
        let bytes = Array(data)
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

/// Why strata doesn't send a helper's request, in words.
struct HelperRefusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A host the user chose for a plugin: the host and port of a URL setting (format `httpURL`) that the user
/// wrote under `features.<id>.settings` in their config. strata reads only a config the user owns and no one
/// else may write (``StrataConfig``), and a plugin's own default is not a choice, so the user, not the
/// plugin, chose to reach it: as a plugin run in process would.
struct ChosenHost: Equatable, Sendable {
    let host: String
    let port: Int
    /// The setting's key.
    let setting: String

    /// `host:port`, as people write it.
    var address: String { "\(host):\(port)" }

    /// Whether `url` goes to this host and port.
    func matches(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased(), let port = Self.port(of: url) else { return false }
        return host == self.host && port == self.port
    }

    static func port(of url: URL) -> Int? {
        url.port ?? ["http": 80, "https": 443][url.scheme?.lowercased() ?? ""]
    }

    /// The hosts of `descriptor`'s URL settings that `settings` (the config's, for its plugin) sets.
    static func chosen(by settings: JSONValue?, for descriptor: PluginDescriptor) -> [ChosenHost] {
        guard case .object(let values) = settings else { return [] }
        return descriptor.settings.filter { $0.format == .httpURL }.compactMap { setting in
            guard case .string(let text) = values[setting.key], let valid = PluginDescriptor.Setting.httpURL(text), let url = URL(string: valid),
                let host = url.host?.lowercased(), let port = port(of: url)
            else { return nil }
            return ChosenHost(host: host, port: port, setting: setting.key)
        }
    }

    /// The line `plugins info` shows for it.
    var sentence: String { "May reach \(address): your setting \(setting) (no key it declared goes there)." }
}
