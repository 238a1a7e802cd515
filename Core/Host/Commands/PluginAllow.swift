import FoundationEssentials
import Glibc
import StrataBase
import StrataPluginKit

/// `strata plugins allow ID [--yes] [--json]`, and the question `plugins install` asks: what a drop-in reaches
/// beyond its own data folder, in plain words (what is new since the last approval marked), and the user's
/// yes recorded against the library's SHA-256 (``PluginApprovals``).
struct PluginAllow {
    let judge: PluginApprovalJudge
    let configSource: String

    /// What `--json` prints.
    struct Report: Encodable {
        struct Grant: Encodable {
            let kind: String
            let value: String?
            let write: Bool?
            let sentence: String
            /// Asked for beyond what was approved before.
            let new: Bool
            /// Why a keypress can't approve it, when it is too wide.
            let tooWide: String?
        }

        let id: String
        /// ``PluginApproval/state`` before this command.
        let approval: String
        let grants: [Grant]
        /// Whether its grants are approved now.
        let approved: Bool
        let sha256: String?
    }

    /// Shows plugin `id`'s grants and records the user's yes: `yes` (`--yes`) records without asking; else
    /// a terminal is asked y/N; else nothing is recorded. Exit 0 when approved (or none is needed).
    func run(_ id: String, path: String, descriptor: PluginDescriptor, yes: Bool, json: Bool) throws(CommandExit) {
        let verdict = judge.judge(id, path: path, descriptor: descriptor)
        var new: Set<PluginGrant> = [], wide: [PluginApproval.TooWide] = []
        if case .neededAgain(let added, _, _) = verdict { new = Set(added) }
        if case .tooWide(let tooWide, _) = verdict { wide = tooWide }
        var digest: String?
        var approved = verdict.allowsRunning
        var succeeded = true
        if !json { show(id, descriptor: descriptor, verdict: verdict, new: new, wide: wide) }
        switch verdict {
        case .notNeeded, .approved, .tooWide:
            succeeded = approved
        case .needed, .neededAgain, .damaged:
            let answer = yes || (!json && Console.isInteractive && ask(id, descriptor: descriptor))
            if answer {
                do {
                    digest = try Self.digest(path)
                    try judge.approvals.record(id, digest: digest!, path: path, grants: verdict.asked)
                    approved = true
                    if !json { Console.writeLine("Allowed \(id) (SHA-256 \(digest!)); recorded in \(judge.approvals.file(of: id).path).") }
                } catch {
                    Console.error("can't record the approval of \(id) in \(judge.approvals.directory.path): \(errorText(error)). Nothing was approved.")
                    throw .failure
                }
            } else if !json {
                Console.error(
                    Console.isInteractive || yes
                        ? "\(id) was not allowed; its commands stay refused."
                        : "\(id) was not allowed: strata asks only in a terminal. Add \(PluginsAllowCommand.name(\.yes)) to approve what is listed above.")
                succeeded = false
            }
        }
        if json {
            let grants = verdict.asked.map { grant in
                Report.Grant(
                    kind: grant.kind.rawValue, value: grant.kind == .screens ? nil : grant.value, write: grant.kind == .files ? grant.write : nil,
                    sentence: grant.sentence, new: new.contains(grant), tooWide: wide.first { $0.grant == grant }?.reason)
            }
            Console.writeJSON(Report(id: id, approval: verdict.state, grants: grants, approved: approved, sha256: digest))
            if case .tooWide = verdict { succeeded = false }
        }
        try CommandExit.unless(succeeded)
    }

    /// The grants in words, one line each: `+` before what is new since the last approval, `!` before what is
    /// too wide to approve here.
    private func show(_ id: String, descriptor: PluginDescriptor, verdict: PluginApproval, new: Set<PluginGrant>, wide: [PluginApproval.TooWide]) {
        let name = "\(descriptor.displayName) \(descriptor.version) (id \(id))"
        switch verdict {
        case .notNeeded(let why):
            Console.writeLine("\(name) needs no approval: \(why).")
            return
        case .approved(let grants):
            Console.writeLine("\(name) is already allowed to:")
            Console.write(grants.map { "  \($0.sentence).\n" }.joined())
            return
        case .needed: Console.writeLine("\(name) asks to:")
        case .neededAgain: Console.writeLine("\(name) needs your approval again. This build asks to (+ is new since you allowed it):")
        case .damaged(let why, _): Console.writeLine("\(name) needs your approval again (\(why)). It asks to:")
        case .tooWide: Console.writeLine("\(name) asks to (! is too wide to allow by a keypress):")
        }
        for grant in verdict.asked {
            let mark = wide.contains { $0.grant == grant } ? "! " : new.contains(grant) ? "+ " : "  "
            let why = wide.first { $0.grant == grant }.map { " (\($0.reason))" } ?? ""
            Console.writeLine("\(mark)\(grant.sentence)\(why).")
        }
        Console.writeLine("It runs in a sandboxed helper that can reach nothing else (\"isolation\": \"process\").")
        if !wide.isEmpty {
            Console.error(
                "\(id) was not allowed: what is marked ! is too wide to allow by a keypress. If you mean it, name it under "
                    + "features.\(id).capabilities in \(configSource) (the config's list replaces the plugin's); or ask its author for less.")
        }
    }

    /// Asks on the terminal; only `y` or `yes` allows.
    private func ask(_ id: String, descriptor: PluginDescriptor) -> Bool {
        writeAll("Allow \(descriptor.displayName) all of the above? [y/N] ", to: STDOUT_FILENO)
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.split(separator: " ").joined().lowercased())
    }

    /// The SHA-256 of the library at `path`.
    static func digest(_ path: String) throws -> String {
        SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

extension PluginsCommands {
    /// `strata plugins allow ID [--yes] [--json]`.
    func allow(id: String, yes: Bool, json: Bool) throws(CommandExit) {
        let catalog = runner.catalog
        guard let entry = catalog.plugins.entry(id) else {
            Console.error(PluginLifecycleCommands.unknown(id, in: catalog))
            throw .failure
        }
        guard let descriptor = entry.descriptor else {
            Console.error("can't allow \(id): \(entry.problem ?? entry.described?.failure ?? "its descriptor can't be read"). Run `strata plugins info \(id)`.")
            throw .failure
        }
        try PluginAllow(judge: catalog.approvalJudge, configSource: catalog.context.config.source)
            .run(id, path: entry.path, descriptor: descriptor, yes: yes, json: json)
    }
}
