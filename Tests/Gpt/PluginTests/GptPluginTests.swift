import Foundation
import StrataNetworking
import StrataTerminal
@testable import StrataTesting
import StrataURLSession
import Testing
@testable import GptPlugin

/// Gpt in the test host, talking HTTP to a loopback server that speaks OpenAI's streaming API: an ask is
/// answered and counted, and the app opens on the personas.
@MainActor
final class GptPluginTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-plugin-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func chunk(_ content: String, finish: String? = nil) -> String {
        let delta = try! JSONSerialization.data(withJSONObject: ["content": content])
        return #"data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":"#
            + String(decoding: delta, as: UTF8.self) + #","finish_reason":\#(finish.map { "\"\($0)\"" } ?? "null")}]}"# + "\n\n"
    }

    func gpt(_ server: LoopbackHTTPServer, dailyLimit: Int = 2) throws -> PluginTestHost {
        try PluginTestHost(GptPlugin(), id: "gpt", settings: #"{"baseURL": "\#(server.url("/v1").absoluteString)", "dailyLimit": \#(dailyLimit)}"#,
                           dataDirectory: folder, http: CurlHTTPClient())
    }

    /// `history --page N` pages as `running history` does: five a page, newest first; a page past the end
    /// is an empty JSON page (or a line saying how many there are) and exits 1; without it, every reply.
    @Test func theHistoryPagesFiveRepliesAPage() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream(
            [Self.chunk("Lucky day!"), Self.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))
        for index in 1...6 {
            #expect(await (try gpt(server, dailyLimit: 10)).run("gpt", "ask", "trouble \(index)").code == 0)
        }
        func troubles(_ arguments: String...) async throws -> (code: Int32, troubles: [String]) {
            let result = await (try gpt(server)).run(arguments)
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]], "\(result.error)")
            return (result.code, entries.compactMap { $0["trouble"] as? String })
        }

        #expect(try await troubles("gpt", "history", "--json").troubles.count == 6)
        let first = try await troubles("gpt", "history", "--page", "1", "--json")
        #expect(first.code == 0 && first.troubles == ["trouble 6", "trouble 5", "trouble 4", "trouble 3", "trouble 2"])
        #expect(try await troubles("gpt", "history", "--page", "2", "--json").troubles == ["trouble 1"])
        let past = try await troubles("gpt", "history", "--page", "3", "--json")
        #expect(past.code == 1 && past.troubles.isEmpty)

        let text = await (try gpt(server)).run("gpt", "history", "--page", "1")
        #expect(text.output.hasSuffix("Page 1 of 2; older replies: strata gpt history --page 2\n"), "\(text.output)")
        let pastText = await (try gpt(server)).run("gpt", "history", "--page", "3")
        #expect(pastText.code == 1 && pastText.error.contains("there is no page 3 of your replies: there are 2 pages."), "\(pastText.error)")
        #expect(await (try gpt(server)).run("gpt", "history", "--page", "0").code == 2)
    }

    @Test func anAskIsAnsweredOverHTTPAndCounted() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream(
            [Self.chunk("Lucky "), Self.chunk("day!"), Self.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))

        let ask = await (try gpt(server)).run("gpt", "ask", "I missed the bus")
        #expect(ask.code == 0, "\(ask.error)")
        #expect(ask.output.contains("Lucky day!"))
        #expect(server.requests.count == 1)

        let usage = await (try gpt(server)).run("gpt", "usage", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(usage.output.utf8)) as? [String: Any])
        #expect(object["used"] as? Int == 1)
        #expect(object["limit"] as? Int == 2)

        let history = await (try gpt(server)).run("gpt", "history", "--json")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["trouble"] as? String == "I missed the bus")
        #expect(entries.first?["reply"] as? String == "Lucky day!")
    }

    /// A test host given no `http:` hands out strata's own client, so a plugin's requests reach the loopback
    /// server its URL setting names (before: "nothing is registered for HTTPClient", for every command of a
    /// plugin that resolves it).
    @Test func aTestHostWithoutAnHTTPClientSendsWithStratasOwn() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream(
            [Self.chunk("Lucky day!"), Self.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))
        let host = try PluginTestHost(GptPlugin(), id: "gpt", settings: #"{"baseURL": "\#(server.url("/v1").absoluteString)"}"#,
                                      dataDirectory: folder)
        let ask = await host.run("gpt", "ask", "I missed the bus")
        #expect(ask.code == 0 && ask.output.contains("Lucky day!"), "\(ask.error)")
        #expect(server.requests(to: "/v1/chat/completions").count == 1)
    }

    /// Where strata's client isn't built beside the test, a request says which parameter to give.
    @Test func withoutStratasClientARequestNamesTheParameterToGive() async {
        let client = TestHostHTTPClient(folder: folder.path)
        await #expect {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:9/"))
        } throws: { error in
            "\(error)".contains("PluginTestHost has no HTTP client") && "\(error)".contains("http: CurlHTTPClient()")
        }
    }

    /// LuckyVicky's "delete account": a script must say --yes; then the history and the uses are gone.
    @Test func forgetAsksForYesThenDeletesTheHistoryAndTheUses() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("POST", "/v1/chat/completions", response: .eventStream(
            [Self.chunk("Lucky day!"), Self.chunk("", finish: "stop"), "data: [DONE]\n\n"], pause: 0))
        _ = await (try gpt(server)).run("gpt", "ask", "I missed the bus")

        let unconfirmed = await (try gpt(server)).run("gpt", "forget")
        #expect(unconfirmed.code == 2)
        #expect(unconfirmed.error.contains("add --yes to confirm"))
        #expect(await (try gpt(server)).run("gpt", "history").output.contains("I missed the bus"))

        let forgotten = await (try gpt(server)).run("gpt", "forget", "--yes")
        #expect(forgotten.code == 0, "\(forgotten.error)")
        #expect(await (try gpt(server)).run("gpt", "history").output.hasPrefix("No replies yet."))
        let usage = await (try gpt(server)).run("gpt", "usage", "--json")
        #expect(usage.output.contains("\"used\" : 0"), "\(usage.output)")
    }

    @Test func theAppOpensOnThePersonas() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let app = try gpt(server).openScreen()
        #expect(app.render(size: TerminalSize(width: 80, height: 20)).text.contains("Who should answer your trouble?"))
        #expect(server.requests.isEmpty, "opening the app asks the model nothing")
    }
}
