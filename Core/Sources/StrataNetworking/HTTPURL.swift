internal import FoundationEssentials
import StrataBase

/// Rules about where a URL (given as text) points, for deciding what may be sent there.
public enum HTTPURL {
    /// Whether `url` names this machine: `localhost` (or a name under `.localhost`), `127.0.0.0/8` or `::1`.
    /// Text that is not a URL with a host is not.
    public static func isLoopback(_ url: String) -> Bool {
        guard var host = URL(string: url)?.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether an API key may be sent here: over https, or over plain http to this machine only, since
    /// plain http to another machine lets anyone on the way read the key.
    public static func mayCarrySecret(_ url: String) -> Bool {
        let scheme = URL(string: url)?.scheme?.lowercased()
        return scheme == "https" || (scheme == "http" && isLoopback(url))
    }
}

/// The rule for a setting that names the variable holding an API key lives in StrataBase, beside the settings
/// rules that use it; this name keeps code that imports only StrataNetworking working.
public typealias APIKeyVariable = StrataBase.APIKeyVariable
