import StrataPluginKit

/// One thing a plugin reaches beyond its own data folder, as the user approves it (`strata plugins allow`):
/// a file or folder, an environment variable, a host, an address its command takes, or screens (where it
/// may ask for files). Its ``key`` is what an approval records.
struct PluginGrant: Hashable, Comparable, Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case files, environment, network, endpoint, screens
    }

    let kind: Kind
    /// The path, the variable, the host pattern, or `listen strata running host --listen` for an endpoint.
    let value: String
    /// For files: whether it may write there.
    var write = false

    /// `files:write:/srv/runs`, `environment:TMDB_API_KEY`, `network:*.tmdb.org`, `endpoint:connect strata running join HOST:PORT`, `screens`.
    var key: String {
        switch kind {
        case .files: "files:\(write ? "write" : "read"):\(value)"
        case .screens: "screens"
        default: "\(kind.rawValue):\(value)"
        }
    }

    /// The grant a recorded key names, or `nil` when it names none.
    init?(key: String) {
        if key == "screens" {
            self.init(kind: .screens, value: "")
            return
        }
        guard let colon = key.firstIndex(of: ":"), let kind = Kind(rawValue: String(key[..<colon])), kind != .screens else { return nil }
        var value = String(key[key.index(after: colon)...])
        var write = false
        if kind == .files {
            guard let mode = value.firstIndex(of: ":"), ["read", "write"].contains(value[..<mode]) else { return nil }
            write = value[..<mode] == "write"
            value = String(value[value.index(after: mode)...])
        }
        guard !value.isEmpty else { return nil }
        self.init(kind: kind, value: value, write: write)
    }

    init(kind: Kind, value: String, write: Bool = false) {
        self.kind = kind
        self.value = value
        self.write = write
    }

    static func < (a: PluginGrant, b: PluginGrant) -> Bool {
        let order = Kind.allCases
        if a.kind != b.kind { return order.firstIndex(of: a.kind)! < order.firstIndex(of: b.kind)! }
        return a.key < b.key
    }

    /// The kinds of `grants`, each once, in ``Kind``'s order: `["environment", "network"]`.
    static func kinds(of grants: [PluginGrant]) -> [String] {
        Kind.allCases.filter { kind in grants.contains { $0.kind == kind } }.map(\.rawValue)
    }

    /// Whether having approved `self` covers `other`: the same grant, or reading what it may write.
    func covers(_ other: PluginGrant) -> Bool {
        self == other || (kind == .files && other.kind == .files && value == other.value && write && !other.write)
    }

    /// The grant in words, one line.
    var sentence: String {
        switch kind {
        case .files: write ? "Read and write files in \(value)" : "Read files in \(value)"
        case .environment: "Read the environment variable \(value)"
        // A declaration without a port is every port of the host (`127.0.0.1` is every service on the machine).
        case .network: value.contains(":") ? "Connect to \(value)" : "Connect to \(value) (every port)"
        case .endpoint:
            value.hasPrefix("listen ")
                ? "Listen on the address you give \(value.dropFirst("listen ".count))"
                : "Connect to the address you give \(value.dropFirst("connect ".count))"
        case .screens: "Open screens in the app, where it may ask you for files (each one with a prompt)"
        }
    }
}

extension PluginDescriptor {
    /// Everything it reaches beyond its own data folder with `capabilities` (its declarations as the config
    /// narrowed them): files, variables, hosts, the addresses its commands take, its screens.
    func grants(capabilities: Capabilities) -> [PluginGrant] {
        var grants = capabilities.files.map { PluginGrant(kind: .files, value: $0.path, write: $0.write) }
        grants += capabilities.environment.map { PluginGrant(kind: .environment, value: $0) }
        grants += capabilities.network.map { PluginGrant(kind: .network, value: $0) }
        for command in commands {
            let path = (["strata"] + command.words).joined(separator: " ")
            grants += command.spec.arguments.compactMap { argument in
                argument.endpoint.map { PluginGrant(kind: .endpoint, value: "\($0.rawValue) \(path) \(argument.name)") }
            }
            grants += command.spec.options.compactMap { option in
                option.endpoint.map { PluginGrant(kind: .endpoint, value: "\($0.rawValue) \(path) \(option.name)") }
            }
        }
        if opensScreens { grants.append(PluginGrant(kind: .screens, value: "")) }
        // A file declared twice (once to read, once to write) is one grant to write.
        return Set(grants).filter { grant in !grants.contains { $0 != grant && $0.covers(grant) } }.sorted()
    }

    /// What it declares beyond its own data folder (before any config), by kind, in ``PluginGrant/Kind``'s order.
    var reach: [String] { PluginGrant.kinds(of: grants(capabilities: capabilities)) }
}
