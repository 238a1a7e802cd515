import Foundation
import StrataNetworking
import StrataTerminal
import StrataTesting
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

    func gpt(_ server: LoopbackHTTPServer) throws -> PluginTestHost {
        try PluginTestHost(GptPlugin(), settings: #"{"baseURL": "\#(server.url("/v1").absoluteString)", "dailyLimit": 2}"#,
                           dataDirectory: folder, http: URLSessionHTTPClient())
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
    }

    @Test func theAppOpensOnThePersonas() throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let app = try gpt(server).openScreen()
        #expect(app.render(size: TerminalSize(width: 80, height: 20)).text.contains("Who should answer your trouble?"))
        #expect(server.requests.isEmpty, "opening the app asks the model nothing")
    }
}
