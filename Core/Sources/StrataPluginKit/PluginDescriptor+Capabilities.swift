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
        /// Host names its HTTP requests may reach: `api.example.com`, or `*.example.com` for its subdomains.
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
                "capabilities.network: '\($0)' is not a host name (such as api.example.com, or *.example.com for its subdomains)"
            }
                + environment.filter { !Self.isValidVariableName($0) }.map {
                    "capabilities.environment: '\($0)' is not an environment variable name (letters, digits and '_', not starting with a digit)"
                }
                + files.filter { !Self.isValidPath($0.path) }.map {
                    "capabilities.files: '\($0.path)' must be an absolute path or start with ~/, without '..' or '//'"
                }
        }

        /// Whether `host` (a request's host) is one `network` names.
        public func allowsHost(_ host: String) -> Bool {
            let host = host.lowercased()
            return network.contains { pattern in
                pattern.hasPrefix("*.") ? host.hasSuffix(pattern.dropFirst()) && host.count > pattern.count - 1 : host == pattern
            }
        }

        /// These capabilities narrowed to what `other` also names (a config can take away, never add).
        /// - Returns: the narrowed set, and what `other` names that was never declared (to warn about).
        public func narrowed(to other: Capabilities) -> (capabilities: Capabilities, undeclared: [String]) {
            let files = other.files.filter { wanted in self.files.contains { $0.path == wanted.path && ($0.write || !wanted.write) } }
            let undeclared =
                other.network.filter { !network.contains($0) } + other.environment.filter { !environment.contains($0) }
                + other.files.filter { !files.contains($0) }.map(\.path)
            return (
                Capabilities(
                    network: network.filter(other.network.contains), environment: environment.filter(other.environment.contains),
                    files: files), undeclared
            )
        }

        /// The declarations in words a person understands, one line each.
        public var sentences: [String] {
            var lines: [String] = []
            lines.append(network.isEmpty ? "No network access." : "Connects to: \(network.joined(separator: ", ")).")
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

        static func isValidHostPattern(_ pattern: String) -> Bool {
            let host = pattern.hasPrefix("*.") ? String(pattern.dropFirst(2)) : pattern
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
