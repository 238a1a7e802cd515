internal import Glibc

/// Who the user is, by one rule wherever a plugin runs: `USER`, else `LOGNAME`, else the name the system
/// gives the effective user (`getpwuid`). In a sandboxed helper, which can't read the user database, strata
/// sets `USER` to what the rule gives in strata, so a plugin finds the same name in both isolations.
public enum UserName {
    /// The user's name by the rule, or `nil` when none of the three gives one (an id with no entry).
    public static func current(environment: [String: String]) -> String? {
        for variable in ["USER", "LOGNAME"] {
            if let name = environment[variable], !name.isEmpty { return name }
        }
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }
}
