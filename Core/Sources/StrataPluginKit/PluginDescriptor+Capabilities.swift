import StrataBase

extension PluginDescriptor {
    /// What a plugin may reach beyond its own data folder, declared in `plugin.json` under `"capabilities"`.
    /// A process-isolated plugin gets exactly this (the config may narrow it, never widen it); a plugin run
    /// in process is shown it but not held to it.
    ///
    /// ```json
    /// "capabilities": {
    ///   "network": ["api.themoviedb.org", "*.tmdb.org"],
    ///   "environment": ["TMDB_API_KEY"],
    ///   "files": [{"path": "~/Music", "write": false}]
    /// }
    /// ```
    /// Whether it opens screens is its `screens` list (``opensScreens``), declared once.
    public struct Capabilities: Encodable, Sendable, Equatable {
        /// Host names its HTTP requests may reach: `api.example.com`, or `*.example.com` for its subdomains,
        /// on every port; `127.0.0.1:8080` (a host and a port) for that port alone.
        public var network: [String]
        /// Environment variables it may read, such as `TMDB_API_KEY`.
        public var environment: [String]
        /// Files or folders beyond its data folder.
        public var files: [File]

        /// A file or folder: an absolute path or one under the user's home (`~/…`).
        public struct File: Encodable, Sendable, Equatable {
            /// The path as declared.
            public var path: String
            /// Whether it may write there (else read only).
            public var write: Bool

            /// Creates a file capability.
            public init(path: String, write: Bool = false) {
                self.path = path
                self.write = write
            }
        }

        /// Creates a set of capabilities; the default is none.
        public init(network: [String] = [], environment: [String] = [], files: [File] = []) {
            self.network = network
            self.environment = environment
            self.files = files
        }

        /// Whether it declares nothing.
        public var isEmpty: Bool { network.isEmpty && environment.isEmpty && files.isEmpty }

        /// What is wrong with the declarations, as sentences; empty when they are sound.
        public var problems: [String] {
            network.filter { !Self.isValidHostPattern($0) }.map {
                "capabilities.network: '\($0)' is not a host name (such as api.example.com, *.example.com for its subdomains, "
                    + "or 127.0.0.1:8080 for one port of a host)"
            }
                + environment.filter { !Self.isValidVariableName($0) }.map {
                    "capabilities.environment: '\($0)' is not an environment variable name (letters, digits and '_', not starting with a digit)"
                }
                + files.filter { !Self.isValidPath($0.path) }.map {
                    "capabilities.files: '\($0.path)' must be an absolute path or start with ~/, without '..' or '//'"
                }
        }

        /// Whether `host` (a request's host) is one `network` names on every port (a declaration without a port).
        public func allowsHost(_ host: String) -> Bool {
            network.contains { pattern in Self.hostAndPort(pattern).port == nil && Self.host(host, matches: pattern) }
        }

        /// Whether a request to `host` on `port` may go: `network` names the host on every port, or on this one.
        public func allows(host: String, port: Int) -> Bool {
            network.contains { pattern in
                let declared = Self.hostAndPort(pattern)
                return (declared.port == nil || declared.port == port) && Self.host(host, matches: String(declared.host))
            }
        }

        private static func host(_ host: String, matches pattern: String) -> Bool {
            let host = host.lowercased()
            return pattern.hasPrefix("*.") ? host.hasSuffix(pattern.dropFirst()) && host.count > pattern.count - 1 : host == pattern
        }

        /// A `network` declaration's host and its port, `nil` when it names none (every port).
        static func hostAndPort(_ pattern: String) -> (host: Substring, port: Int?) {
            guard let colon = pattern.lastIndex(of: ":") else { return (pattern[...], nil) }
            let digits = pattern[pattern.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCII), let port = Int(digits), (1...65_535).contains(port),
                !digits.hasPrefix("0")
            else { return (pattern[...], nil) }
            return (pattern[..<colon], port)
        }

        /// These capabilities narrowed to what `other` also names (a config can take away, never add).
        /// - Returns: the narrowed set, and what `other` names that was never declared (to warn about).
        public func narrowed(to other: Capabilities) -> (capabilities: Capabilities, undeclared: [String]) {
            let files = other.files.filter { wanted in self.files.contains { $0.path == wanted.path && ($0.write || !wanted.write) } }
            // A host declared on every port may be narrowed to one of its ports (`127.0.0.1` to `127.0.0.1:8080`).
            let network =
                self.network.filter(other.network.contains)
                + other.network.filter { wanted in
                    let (host, port) = Self.hostAndPort(wanted)
                    return port != nil && !self.network.contains(wanted) && self.network.contains(String(host))
                }
            let undeclared =
                other.network.filter { !network.contains($0) } + other.environment.filter { !environment.contains($0) }
                + other.files.filter { !files.contains($0) }.map(\.path)
            return (Capabilities(network: network, environment: environment.filter(other.environment.contains), files: files), undeclared)
        }

        /// The declarations in words a person understands, one line each.
        public var sentences: [String] {
            var lines: [String] = []
            lines.append(networkSentence)
            lines.append(
                environment.isEmpty
                    ? "Reads no environment variables."
                    : "Reads the environment variable\(environment.count == 1 ? "" : "s") \(environment.joined(separator: ", ")).")
            let reads = files.filter { !$0.write }.map(\.path), writes = files.filter(\.write).map(\.path)
            if reads.isEmpty && writes.isEmpty { lines.append("No files beyond its own data folder.") }
            if !reads.isEmpty { lines.append("Reads files in: \(reads.joined(separator: ", ")).") }
            if !writes.isEmpty { lines.append("Reads and writes files in: \(writes.joined(separator: ", ")).") }
            return lines
        }

        /// The hosts it connects to, in words: a host with a port is that port alone; one without says plainly
        /// that it means every port (`127.0.0.1` is every service on the machine).
        var networkSentence: String {
            guard !network.isEmpty else { return "No network access." }
            let onePort = network.filter { Self.hostAndPort($0).port != nil }, everyPort = network.filter { Self.hostAndPort($0).port == nil }
            var parts: [String] = []
            if !onePort.isEmpty { parts.append(onePort.joined(separator: ", ")) }
            if !everyPort.isEmpty {
                parts.append(everyPort.joined(separator: ", ") + (everyPort.count == 1 ? " (every port)" : " (every port of each)"))
            }
            return "Connects to: \(parts.joined(separator: "; "))."
        }

        static func isValidHostPattern(_ pattern: String) -> Bool {
            let (hostAndWildcard, port) = hostAndPort(pattern)
            if port == nil, pattern.contains(":") { return false }
            let host = hostAndWildcard.hasPrefix("*.") ? String(hostAndWildcard.dropFirst(2)) : String(hostAndWildcard)
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            return !host.isEmpty && host.count <= 253
                && labels.allSatisfy { label in
                    !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                        && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
                }
        }

        static func isValidVariableName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), name.count <= 128 else { return false }
            return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }

        static func isValidPath(_ path: String) -> Bool {
            guard path.hasPrefix("/") || path.hasPrefix("~/"), !path.contains("//"), path.count <= 1_000 else { return false }
            return !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
        }
    }

    /// Whether the plugin opens screens: it declares at least one in `screens`.
    public var opensScreens: Bool { !screens.isEmpty }
}

extension PluginDescriptor.Capabilities {
    /// Reads capabilities from their JSON object (`plugin.json`'s `"capabilities"`, or a config's
    /// `features.<id>.capabilities`); `path` names it in errors.
    /// - Throws: ``PluginDescriptorError/wrongTypes(_:_:)`` with the key path of a value of the wrong type.
    public init(json: JSONValue, path: String) throws(PluginDescriptorError) {
        guard case .object(let members) = json else { throw .wrongTypes(path, "expected an object, found \(json.kind)") }
        func strings(_ key: String) throws(PluginDescriptorError) -> [String] {
            guard let value = members[key], value != .null else { return [] }
            guard case .array(let items) = value else { throw .wrongTypes("\(path).\(key)", "expected an array of strings, found \(value.kind)") }
            var strings: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else { throw .wrongTypes("\(path).\(key)[\(index)]", "expected a string, found \(item.kind)") }
                strings.append(text)
            }
            return strings
        }
        var files: [File] = []
        if let value = members["files"], value != .null {
            guard case .array(let items) = value else { throw .wrongTypes("\(path).files", "expected an array of objects, found \(value.kind)") }
            for (index, item) in items.enumerated() {
                guard case .object(let file) = item, case .string(let filePath)? = file["path"] else {
                    throw .wrongTypes("\(path).files[\(index)]", "expected an object with a \"path\" string")
                }
                var write = false
                if let flag = file["write"] {
                    guard case .bool(let value) = flag else { throw .wrongTypes("\(path).files[\(index)].write", "expected true or false, found \(flag.kind)") }
                    write = value
                }
                files.append(File(path: filePath, write: write))
            }
        }
        self.init(network: try strings("network"), environment: try strings("environment"), files: files)
    }
}
