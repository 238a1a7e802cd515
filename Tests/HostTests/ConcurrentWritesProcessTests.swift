import Foundation
import StrataTesting
import Testing

/// Two shells writing to one feature's database at once, on a fresh data folder: every write lands and
/// none fails ("database is locked" once lost one block in 80). Each runs its feature in strata's process;
/// Gpt's daily count, the one a lost write would let past its limit, runs in sandboxed helpers too (the
/// four in helpers take as long again as the four in process, about 100 s on 2 busy cores).
@Suite struct ConcurrentWritesProcessTests {
    static let writesPerProcess = 40

    /// Runs `command(writer, n)` 40 times in each of two concurrent loops, and returns every failure.
    static func twoWriters(_ sandbox: Sandbox, environment: [String: String] = [:],
                           _ command: @escaping @Sendable (Int, Int) -> [String]) async -> [String] {
        let folders = ["--config", sandbox.config.path, "--data-dir", sandbox.data.path]
        return await withTaskGroup(of: [String].self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var failures: [String] = []
                    for n in 0..<writesPerProcess {
                        do {
                            let result = try strata(folders + command(writer, n), environment: environment)
                            if result.status != 0 { failures.append("\(command(writer, n)): \(result.status) \(result.stderr)") }
                        } catch {
                            failures.append("\(error)")
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func blocksFromTwoProcessesAllLand() async throws {
        let sandbox = try Sandbox.feature("blocks", .none)

        let failures = await Self.twoWriters(sandbox) { writer, n in ["blocks", "add", "w\(writer)-\(n)", "--hours", "4"] }

        #expect(failures == [])
        let list = try sandbox.strata(["blocks", "list", "--json"])
        let blocks = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(blocks?.count == 2 * Self.writesPerProcess)
    }

    @Test(.timeLimit(.minutes(10)))
    func movieSearchesFromTwoProcessesAllRecordTheirQuery() async throws {
        let sandbox = try Sandbox.feature("movies", .none, settings: #"{"recentQueriesLimit": 100}"#)

        let failures = await Self.twoWriters(sandbox) { writer, n in ["movies", "search", "w\(writer) q\(n)"] }

        #expect(failures == [])
        let recent = try sandbox.strata(["movies", "recent", "--json"])
        let queries = try JSONSerialization.jsonObject(with: Data(recent.stdout.utf8)) as? [String]
        #expect(Set(queries ?? []).count == 2 * Self.writesPerProcess)
    }

    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func gptUsesFromTwoProcessesAllCount(_ isolation: Isolation) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: GptProcessTests.wholeReply)
        let sandbox = try GptProcessTests().sandbox(server, isolation, limit: 1000)

        let failures = await Self.twoWriters(sandbox, environment: ["OPENAI_API_KEY": "sk-test"]) { writer, n in
            ["gpt", "ask", "w\(writer) trouble \(n)"]
        }

        #expect(failures == [])
        let usage = try sandbox.strata(["gpt", "usage", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [String: Any]
        #expect(object?["used"] as? Int == 2 * Self.writesPerProcess)
    }

    @Test(.timeLimit(.minutes(10)))
    func runsFromTwoProcessesAllLandInTheHistory() async throws {
        let sandbox = try Sandbox.feature("running", .none)
        let track = "\(RunningProcessTests.gpx)/togeojson_run.gpx"

        let failures = await Self.twoWriters(sandbox) { _, _ in ["running", "run", "--goal", "0.5", "--track", track, "--speed", "0"] }

        #expect(failures == [])
        let history = try sandbox.strata(["running", "history", "--json"])
        let runs = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [Any]
        #expect(runs?.count == 2 * Self.writesPerProcess)
    }
}
