extension StrataABI {
    /// What a stamp (`strata-sdk=1.4.0;swift=6.3.1`) says: the SDK version and the Swift compiler.
    public struct Stamp: Sendable, Equatable, CustomStringConvertible {
        /// The SDK version; `nil` for a stamp from before SDK versions (`strata-abi=<n>;…`).
        public let sdk: SemanticVersion?
        /// The compiler, e.g. `6.3.1`.
        public let swift: String
        /// The text it was read from.
        public let text: String

        /// Reads a stamp; `nil` when it is neither form.
        public init?(_ text: String) {
            let fields = text.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 2, fields[1].hasPrefix("swift="), fields[1].count > "swift=".count else { return nil }
            if fields[0].hasPrefix("strata-sdk=") {
                guard let version = SemanticVersion(String(fields[0].dropFirst("strata-sdk=".count))) else { return nil }
                sdk = version
            } else if fields[0].hasPrefix("strata-abi=") {
                sdk = nil
            } else {
                return nil
            }
            swift = String(fields[1].dropFirst("swift=".count))
            self.text = text
        }

        /// `SDK 1.4 and Swift 6.3.1`.
        public var description: String { "SDK \(sdk.map { "\($0.major).\($0.minor)" } ?? "(unversioned)") and Swift \(swift)" }
    }

    /// Why a plugin stamped `found` can't run in a strata stamped `host`, as a line that says what to do;
    /// `nil` when it can. The one rule: the same Swift compiler; the same SDK major, and a minor no newer
    /// than the host's. Before 1.0 every minor release may break plugins, as semantic versioning allows, so
    /// on major 0 the minor must be the same.
    public static func refusal(ofStamp found: String, host: String = currentStamp) -> String? {
        guard let hostStamp = Stamp(host), let hostSDK = hostStamp.sdk else { return "this strata's own stamp '\(host)' doesn't parse" }
        let hostName = "\(hostSDK.major).\(hostSDK.minor)"
        guard let plugin = Stamp(found) else {
            return "its stamp '\(found)' is not one strata reads: rebuild the plugin against this strata's SDK \(hostName)"
        }
        guard plugin.swift == hostStamp.swift else {
            return "built by Swift \(plugin.swift); this strata was built by Swift \(hostStamp.swift), and Swift has no stable ABI "
                + "across compilers on Linux: rebuild the plugin with Swift \(hostStamp.swift)"
        }
        guard let sdk = plugin.sdk else {
            return "built for strata before SDK versions (\(found)); this strata is SDK \(hostName): rebuild the plugin"
        }
        let name = "\(sdk.major).\(sdk.minor)"
        if sdk.major > hostSDK.major || (sdk.major == hostSDK.major && sdk.minor > hostSDK.minor) {
            return "built against Strata SDK \(name); this strata has SDK \(hostName): update strata"
        }
        if sdk.major < hostSDK.major {
            return "built for SDK \(sdk.major).x; this strata is SDK \(hostSDK.major): rebuild the plugin"
        }
        if sdk.major == 0 && sdk.minor != hostSDK.minor {
            return "built for SDK \(name); this strata is SDK \(hostName), and before SDK 1.0 every minor release may break "
                + "plugins: rebuild the plugin"
        }
        return nil
    }
}
