import Foundation
import Glibc
import StrataBase
import StrataPluginKit
import Testing
@testable import StrataHost

/// The approvals file is read as hostile: a record that isn't whole and sound, or that someone else could
/// have written, approves nothing; grants too wide for a keypress are named with why.
@Suite struct PluginApprovalsTests {
    /// A state folder of its own, removed after.
    final class State {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-approvals-\(UUID().uuidString)")
        var approvals: PluginApprovals { PluginApprovals(environment: ["XDG_STATE_HOME": root.path, "HOME": "/home/ada"]) }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static let digest = String(repeating: "ab", count: 32)

    @Test func aRecordWrittenIsReadBackWithItsGrants() throws {
        let state = State()
        let grants = [PluginGrant(kind: .network, value: "127.0.0.1"), PluginGrant(kind: .files, value: "/srv/runs", write: true), PluginGrant(kind: .screens, value: "")]
        try state.approvals.record("x", digest: Self.digest, path: "/p/libXPlugin.so", grants: grants)
        guard case .recorded(let record, let read) = state.approvals.lookup("x") else { Issue.record("not read back"); return }
        #expect(record.sha256 == Self.digest && Set(read) == Set(grants))
        var status = stat()
        #expect(stat(state.approvals.file(of: "x").path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    /// Before there were no records; each of these would be believed by a reader that only decodes JSON.
    @Test(arguments: [
        ("{\"id\": \"x\", \"grants\": [", "isn't an approval record"),
        (#"{"id":"y","sha256":"\#(digest)","path":"/p","grants":[]}"#, "names plugin 'y'"),
        (#"{"id":"x","sha256":"abc","path":"/p","grants":[]}"#, "isn't a SHA-256"),
        (#"{"id":"x","sha256":"\#(digest)","path":"/p","grants":["everything"]}"#, "'everything' is not a grant"),
        (#"{"id":"x","sha256":"\#(digest)","path":"/p","grants":["files:delete:/"]}"#, "is not a grant"),
        (#"{"id":"x","sha256":"\#(digest)","path":"/p","grants":[\#(Array(repeating: "\"screens\"", count: 4_097).joined(separator: ","))]}"#, "more than 4096"),
    ])
    func aDamagedRecordApprovesNothingAndSaysWhy(contents: String, why: String) throws {
        let state = State()
        try state.approvals.record("x", digest: Self.digest, path: "/p", grants: [])
        try Data(contents.utf8).write(to: state.approvals.file(of: "x"))
        guard case .damaged(let reason) = state.approvals.lookup("x") else { Issue.record("believed: \(contents.prefix(80))"); return }
        #expect(reason.contains(why), "\(reason)")
    }

    @Test func aRecordTooLargeALinkOrAFolderOthersCanWriteIsNotBelieved() throws {
        let state = State()
        try state.approvals.record("x", digest: Self.digest, path: "/p", grants: [])
        let file = state.approvals.file(of: "x")
        try Data(repeating: 0x20, count: PluginApprovals.recordLimit + 1).write(to: file)
        #expect({ if case .damaged = state.approvals.lookup("x") { true } else { false } }(), "too large")
        try FileManager.default.removeItem(at: file)
        let elsewhere = state.root.appendingPathComponent("elsewhere.json")
        try Data(#"{"id":"x","sha256":"\#(Self.digest)","path":"/p","grants":[]}"#.utf8).write(to: elsewhere)
        #expect(symlink(elsewhere.path, file.path) == 0)
        #expect({ if case .damaged = state.approvals.lookup("x") { true } else { false } }(), "a link is not followed")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: elsewhere, to: file)
        #expect({ if case .recorded = state.approvals.lookup("x") { true } else { false } }())
        chmod(state.approvals.directory.path, 0o777)
        #expect({ if case .damaged = state.approvals.lookup("x") { true } else { false } }(), "a folder others can write")
    }

    /// A plugin without a record costs no `open`: the folder is listed at the first lookup and a name it lacks
    /// is not looked for (`plugins list` over 500 drop-ins looked for 500 records that weren't there). A record
    /// written behind the listing's back is seen by the next run's listing; one recorded through it at once.
    @Test func aPluginWithoutARecordIsAnsweredFromOneListingOfTheFolder() throws {
        let state = State()
        let approvals = state.approvals
        #expect({ if case .none = approvals.lookup("x") { true } else { false } }())
        try approvals.record("y", digest: Self.digest, path: "/p", grants: [])
        #expect({ if case .recorded = approvals.lookup("y") { true } else { false } }(), "recorded through it")
        #expect({ if case .none = approvals.lookup("x") { true } else { false } }())
        try Data(#"{"id":"x","sha256":"\#(Self.digest)","path":"/p","grants":[]}"#.utf8).write(to: approvals.file(of: "x"))
        chmod(approvals.file(of: "x").path, 0o600)
        #expect({ if case .none = approvals.lookup("x") { true } else { false } }(), "opened though the listing lacks it")
        #expect({ if case .recorded = state.approvals.lookup("x") { true } else { false } }(), "a new listing sees it")
        approvals.remove("y")
        #expect({ if case .none = approvals.lookup("y") { true } else { false } }())
    }

    /// The listing holds at most ``PluginApprovals/listingLimit`` records, and `.` and `..` are none. A folder
    /// of exactly that many is listed (so a record written behind the listing's back is not seen); one of
    /// one more is not, and each record is opened by its name (so none is missed).
    @Test(arguments: [(PluginApprovals.listingLimit, false), (PluginApprovals.listingLimit + 1, true)])
    func aFolderOfTheLimitOfRecordsIsListedAndOfOneMoreOpenedByName(records: Int, seen: Bool) throws {
        let state = State()
        let approvals = state.approvals
        try approvals.record("r0", digest: Self.digest, path: "/p", grants: [])
        for index in 1..<records {
            let file = open(approvals.file(of: "r\(index)").path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            try #require(file >= 0)
            close(file)
        }
        #expect({ if case .none = approvals.lookup("x") { true } else { false } }())
        try Data(#"{"id":"x","sha256":"\#(Self.digest)","path":"/p","grants":[]}"#.utf8).write(to: approvals.file(of: "x"))
        chmod(approvals.file(of: "x").path, 0o600)
        #expect({ if case .recorded = approvals.lookup("x") { true } else { false } }() == seen, "\(records) records")
    }

    @Test func aGrantsKeyNamesItBackAndWritingCoversReading() {
        for grant in [PluginGrant(kind: .files, value: "~/Music"), PluginGrant(kind: .files, value: "/a:b", write: true),
                      PluginGrant(kind: .environment, value: "KEY"), PluginGrant(kind: .network, value: "127.0.0.1:8080"),
                      PluginGrant(kind: .endpoint, value: "listen strata running host --listen"), PluginGrant(kind: .screens, value: "")] {
            #expect(PluginGrant(key: grant.key) == grant, "\(grant.key)")
        }
        #expect(PluginGrant(kind: .files, value: "/a", write: true).covers(PluginGrant(kind: .files, value: "/a")))
        #expect(!PluginGrant(kind: .files, value: "/a").covers(PluginGrant(kind: .files, value: "/a", write: true)))
        #expect(!PluginGrant(kind: .files, value: "/a", write: true).covers(PluginGrant(kind: .files, value: "/a/b")))
    }

    @Test func grantsTooWideForAKeypressAreNamedWithWhy() throws {
        let judge = PluginApprovalJudge(
            config: .builtIn, environment: ["HOME": "/home/ada"], approvals: State().approvals,
            otherVariables: { _ in [:] })
        func wide(_ grant: PluginGrant) -> String? { judge.tooWide(grant, others: ["OPENAI_API_KEY": ["gpt"]]) }
        for path in ["/", "~/", "/home/ada", "/home/ada/", "/home", "/root"] {
            #expect(wide(PluginGrant(kind: .files, value: path)) != nil, "\(path)")
        }
        #expect(wide(PluginGrant(kind: .files, value: "/etc/shadow")) == "/etc belongs to the system")
        #expect(wide(PluginGrant(kind: .files, value: "~/.ssh")) == "~/.ssh holds your keys")
        #expect(wide(PluginGrant(kind: .files, value: "/home/ada/.ssh/id_rsa")) == "~/.ssh holds your keys")
        #expect(wide(PluginGrant(kind: .files, value: "~/Music")) == nil)
        #expect(wide(PluginGrant(kind: .files, value: "/etcetera")) == nil, "a prefix of a name is not the folder")
        #expect(wide(PluginGrant(kind: .environment, value: "OPENAI_API_KEY")) == "plugin gpt declares it too")
        #expect(wide(PluginGrant(kind: .environment, value: "MY_KEY")) == nil)
        #expect(wide(PluginGrant(kind: .network, value: "*")) == "every host")
        #expect(wide(PluginGrant(kind: .network, value: "*.com")) == "every host under .com")
        #expect(wide(PluginGrant(kind: .network, value: "*.example.com")) == nil)
    }
}
