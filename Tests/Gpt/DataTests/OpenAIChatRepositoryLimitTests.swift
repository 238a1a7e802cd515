import Foundation
import GptData
import GptDomain
import GptTesting
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

/// What a reply may cost: an answer is read up to its byte limit and each event line up to its own, and a
/// stream the server cuts is a cut-off reply, whatever libcurl calls it.
struct OpenAIChatRepositoryLimitTests {
    let persona = Persona.stub()

    func makeRepository(_ server: LoopbackHTTPServer, maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes,
                        maxEventBytes: Int = OpenAIChatRepository.defaultMaxEventBytes) -> OpenAIChatRepository {
        let service = DataTransferService(client: CurlHTTPClient(), baseURL: server.openAIBaseURL, maxResponseBytes: maxResponseBytes)
        return OpenAIChatRepository(service: service, model: "gpt-4o-mini", authorization: .none, maxEventBytes: maxEventBytes)
    }

    static func chunk(_ content: String, finish: String? = nil) -> String {
        #"data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\#(content)"},"finish_reason":"#
            + (finish.map { "\"\($0)\"" } ?? "null") + "}]}\n\n"
    }

    @Test func anEndlessEventLineStopsAtItsLimit() async throws {
        let endless = "data: " + String(repeating: "a", count: 3_000_000) // no line break: it never ends
        let server = try LoopbackHTTPServer.openAI([.events(endless, pieceSize: 30_000)])
        defer { server.stop() }

        await #expect(throws: ChatError.eventTooLarge(limitBytes: 100_000)) {
            for try await _ in makeRepository(server, maxEventBytes: 100_000).streamReply(to: "hi", as: persona) {}
        }
    }

    @Test func aStreamPastTheAnswersLimitStopsThere() async throws {
        let many = String(repeating: Self.chunk("word "), count: 2_000) // some 200 KB of small, valid events
        let server = try LoopbackHTTPServer.openAI([.events(many, pieceSize: 4_096)])
        defer { server.stop() }

        var received = 0
        await #expect(throws: ChatError.answerTooLarge(limitBytes: 50_000)) {
            for try await delta in makeRepository(server, maxResponseBytes: 50_000).streamReply(to: "hi", as: persona) {
                received += delta.text.utf8.count
            }
        }
        #expect(received > 0 && received < 50_000)
    }

    /// A stream whose events stay well inside the answer's byte limit (their JSON is most of it) but whose
    /// reply's text passes 100 KB stops there: a server streaming without end was read up to 32 MB, a reply
    /// of megabytes the screen wrapped again at every piece, and Esc took seconds to answer.
    @Test func aStreamedReplyPastItsTextLimitStopsThere() async throws {
        let many = String(repeating: Self.chunk(String(repeating: "word ", count: 20)), count: 2_000)  // 200 KB of text
        let server = try LoopbackHTTPServer.openAI([.events(many + Self.chunk("", finish: "stop"), pieceSize: 4_096)])
        defer { server.stop() }

        var received = 0
        await #expect(throws: ChatError.answerTooLarge(limitBytes: 100_000)) {
            for try await delta in makeRepository(server).streamReply(to: "hi", as: persona) {
                received += delta.text.utf8.count
            }
        }
        #expect(received > 0 && received <= 100_000)
    }

    @Test func aWholeAnswerPastItsLimitStopsThere() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(#"{"choices": [], "padding": ""# + String(repeating: " ", count: 200_000) + "\"}")])
        defer { server.stop() }

        await #expect(throws: ChatError.answerTooLarge(limitBytes: 64_000)) {
            try await makeRepository(server, maxResponseBytes: 64_000).reply(to: "hi", as: persona)
        }
    }

    /// Issue #35 item 5: a chunked body the server cuts ended in libcurl's "transfer closed with outstanding
    /// read data remaining"; it is a reply cut off.
    @Test func aChunkedStreamTheServerCutsIsACutOffReply() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(Self.chunk("Lucky ") + Self.chunk("da"), pieceSize: 40).cutOff()])
        defer { server.stop() }

        var text = ""
        await #expect(throws: ChatError.cutOff) {
            for try await delta in makeRepository(server).streamReply(to: "hi", as: persona) { text += delta.text }
        }
        #expect(text == "Lucky da")
    }

    /// Issue #39 item 20: the detail says what the server did; the advice is Presentation's, said once.
    @Test func aStreamWithoutEventsIsMalformedWithoutAdviceOfItsOwn() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(": nothing but comments\n\n", pieceSize: 64)])
        defer { server.stop() }

        await #expect(throws: ChatError.malformedResponse("the server sent no events")) {
            for try await _ in makeRepository(server).streamReply(to: "hi", as: persona) {}
        }
    }
}
