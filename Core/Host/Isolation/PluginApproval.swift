import StrataPluginKit

/// Whether a plugin may run with what it reaches beyond its own data folder: a drop-in's grants need the
/// user's yes (`strata plugins allow ID`, recorded by ``PluginApprovals``); a plugin that ships with strata
/// is approved as shipped, and what the config names for a plugin itself (`features.<id>.capabilities`, or
/// `"isolation": "none"`, which gives it all of the user's rights) is the user's yes already.
enum PluginApproval: Equatable {
    /// It needs none: why (`"it ships with strata"`).
    case notNeeded(String)
    /// The user approved these grants (or more) before.
    case approved([PluginGrant])
    /// It was never approved: these are what it asks for.
    case needed([PluginGrant])
    /// It was approved, but this library asks for `added` beyond what was approved (`approved`).
    case neededAgain(added: [PluginGrant], asked: [PluginGrant], approved: [PluginGrant])
    /// The approval record can't be believed (why); these are what it asks for.
    case damaged(String, asked: [PluginGrant])
    /// Some grants are too wide to approve by a keypress: each with why. Only the config can name them.
    case tooWide([TooWide], asked: [PluginGrant])

    struct TooWide: Equatable {
        let grant: PluginGrant
        let reason: String
    }

    /// Whether its code may run.
    var allowsRunning: Bool {
        switch self {
        case .notNeeded, .approved: true
        case .needed, .neededAgain, .damaged, .tooWide: false
        }
    }

    /// What it asks for beyond its folder that the user approves (empty when no approval is needed).
    var asked: [PluginGrant] {
        switch self {
        case .notNeeded: []
        case .approved(let grants), .needed(let grants): grants
        case .neededAgain(_, let asked, _), .damaged(_, let asked), .tooWide(_, let asked): asked
        }
    }

    /// The word `plugins list` shows and `--json` gives as `"approval"`.
    var state: String {
        switch self {
        case .notNeeded: "not needed"
        case .approved: "approved"
        case .needed, .damaged: "needs approval"
        case .neededAgain: "needs approval again"
        case .tooWide: "too wide"
        }
    }

    /// Whether a ``state`` word is one of a plugin that may not run yet.
    static func isHeld(_ state: String) -> Bool {
        switch state {  // not `contains` on an array literal, which made an array for each row of `plugins list`
        case "needs approval", "needs approval again", "too wide": true
        default: false
        }
    }

    /// The one line a refused command prints after `strata: `, naming what to run.
    func refusal(_ id: String, configSource: String) -> String? {
        switch self {
        case .notNeeded, .approved: nil
        case .needed(let grants):
            "plugin \(id) needs your approval before it runs: it asks to \(Self.summary(grants)). Run `strata plugins allow \(id)` to see and approve it."
        case .neededAgain(let added, _, _):
            "plugin \(id) needs your approval again: this build also asks to \(Self.summary(added)). Run `strata plugins allow \(id)` to see and approve it."
        case .damaged(let why, _):
            "plugin \(id)'s approval record can't be believed (\(why)), so it needs your approval again. Run `strata plugins allow \(id)`."
        case .tooWide(let wide, _):
            "plugin \(id) asks for more than strata lets a keypress approve: \(wide.map { "\($0.grant.sentence.lowercasedFirst) (\($0.reason))" }.joined(separator: "; ")). "
                + "If you mean it, name it under features.\(id).capabilities in \(configSource); `strata plugins allow \(id)` shows the rest."
        }
    }

    /// Grants as one clause: `read files in ~/Music; connect to 127.0.0.1 (every port)`.
    static func summary(_ grants: [PluginGrant]) -> String {
        let shown = grants.prefix(3).map(\.sentence.lowercasedFirst).joined(separator: "; ")
        return grants.count > 3 ? "\(shown) and \(grants.count - 3) more" : shown
    }
}

extension String {
    /// `Read files` → `read files`.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

/// Judges plugins' approvals: the config, the user's home (for grants too wide) and the recorded approvals.
struct PluginApprovalJudge {
    let config: StrataConfig
    let environment: [String: String]
    let approvals: PluginApprovals
    /// The variables other plugins declare, by variable: the plugins that declare it (read when first needed).
    let otherVariables: (_ excluding: String) -> [String: [String]]

    /// The approval of plugin `id`, whose library at `path` has `descriptor` (and runs as `isolation`, the
    /// config's ``StrataConfig/isolation(for:at:)`` for it, where the caller has it already).
    func judge(_ id: String, path: String, descriptor: PluginDescriptor, isolation: IsolationSettings? = nil) -> PluginApproval {
        let isolation = isolation ?? config.isolation(for: id, at: path)
        if let exemption = exemption(path: path, isolation: isolation) { return .notNeeded(exemption) }
        // What the config names for the plugin itself is the user's choice already: with `capabilities` under
        // features.<id>, every file, variable and host it keeps is one the config named.
        let named: Set<PluginGrant.Kind> = isolation.narrowing == nil ? [] : [.files, .environment, .network]
        let asked = descriptor.grants(capabilities: isolation.capabilities(declared: descriptor.capabilities).capabilities)
            .filter { !named.contains($0.kind) }
        if asked.isEmpty { return .notNeeded(named.isEmpty ? "it reaches nothing beyond its data folder" : "your config names what it may reach") }
        let others = asked.contains { $0.kind == .environment } ? otherVariables(id) : [:]
        let wide = asked.compactMap { grant in tooWide(grant, others: others).map { PluginApproval.TooWide(grant: grant, reason: $0) } }
        if !wide.isEmpty { return .tooWide(wide, asked: asked) }
        switch approvals.lookup(id) {
        case .none: return .needed(asked)
        case .damaged(let why): return .damaged("\(approvals.file(of: id).path): \(why)", asked: asked)
        case .recorded(_, let approved):
            let added = asked.filter { grant in !approved.contains { $0.covers(grant) } }
            return added.isEmpty ? .approved(asked) : .neededAgain(added: added, asked: asked, approved: approved)
        }
    }

    /// Whether plugin `id` (not exempt), which reaches the kinds `reach` (as the catalog keeps them), plainly
    /// needs approval, told without its descriptor: no record for it, nothing under features.<id>.capabilities,
    /// and only kinds of which no grant is too wide (screens, endpoints), so its details change nothing.
    /// `plugins list` then parses no descriptor (500 drop-ins with screens cost 250 ms to parse).
    func plainlyNeedsApproval(_ id: String, reach: [String], isolation: IsolationSettings) -> Bool {
        let detailFree: Set<String> = [PluginGrant.Kind.screens.rawValue, PluginGrant.Kind.endpoint.rawValue]
        guard !reach.isEmpty, reach.allSatisfy(detailFree.contains), isolation.narrowing == nil else { return false }
        if case .none = approvals.lookup(id) { return true }
        return false
    }

    /// Why a plugin whose library is at `path` and that runs as `isolation` needs no approval whatever it
    /// declares, or `nil`: it ships with strata, or the config runs it inside strata with all of the user's rights.
    func exemption(path: String, isolation: IsolationSettings) -> String? {
        if config.shipped.contains(path: path) { return "it ships with strata" }
        if isolation.mode == .none { return "your config runs it inside strata (\"isolation\": \"none\")" }
        return nil
    }

    /// Why `grant` is too wide to approve by a keypress, or `nil`: a file grant of the whole disk, a whole home
    /// folder, the system's configuration or its processes; a variable another plugin declares (its key);
    /// a host pattern that is every host, or every host of a top-level domain.
    func tooWide(_ grant: PluginGrant, others: [String: [String]]) -> String? {
        switch grant.kind {
        case .files:
            let home = homeDirectory(environment)
            var path = expandingTilde(grant.value, environment)
            while path.count > 1, path.hasSuffix("/") { path.removeLast() }
            if path == "/" { return "the whole file system" }
            if path == home || path == "/home" || path == "/root" || home.hasPrefix(path + "/") { return "a whole home folder" }
            for system in ["/etc", "/proc", "/sys", "/dev", "/boot", "/root"] where path == system || path.hasPrefix(system + "/") {
                return "\(system) belongs to the system"
            }
            for secret in [".ssh", ".gnupg", ".aws"] where path == "\(home)/\(secret)" || path.hasPrefix("\(home)/\(secret)/") {
                return "~/\(secret) holds your keys"
            }
            return nil
        case .environment:
            return others[grant.value].map { "plugin \($0.joined(separator: ", ")) declares it too" }
        case .network:
            let host = grant.value.split(separator: ":").first.map(String.init) ?? grant.value
            if host == "*" { return "every host" }
            if host.hasPrefix("*."), !host.dropFirst(2).contains(".") { return "every host under .\(host.dropFirst(2))" }
            return nil
        case .endpoint, .screens: return nil
        }
    }
}

extension HostCatalog {
    /// The judge of this run's approvals.
    var approvalJudge: PluginApprovalJudge {
        let plugins = plugins
        return PluginApprovalJudge(config: context.config, environment: context.environment, approvals: PluginApprovals(environment: context.environment)) {
            id in
            var declared: [String: [String]] = [:]
            for entry in plugins.entries where entry.id != id && entry.facts?.reaches == true {
                for variable in entry.descriptor?.capabilities.environment ?? [] { declared[variable, default: []].append(entry.id) }
            }
            return declared
        }
    }

    /// The approval of plugin `id` as found in this run (`nil`: not found, or no descriptor to judge).
    func approval(of id: String) -> PluginApproval? {
        guard let entry = plugins.entry(id), let descriptor = entry.descriptor else { return nil }
        return approvalJudge.judge(id, path: entry.path, descriptor: descriptor)
    }
}
