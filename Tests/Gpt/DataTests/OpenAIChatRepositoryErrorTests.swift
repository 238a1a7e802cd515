import Foundation
import GptData
import GptDomain
import GptTesting
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

/// Error answers, replayed from real bodies, and how they are retried.
struct OpenAIChatRepositoryErrorTests {
    let persona = Persona.stub()
    let sleeps = RecordedSleeps()

    func makeRepository(_ server: LoopbackHTTPServer) -> OpenAIChatRepository {
        let service = DataTransferService(client: CurlHTTPClient(), baseURL: server.openAIBaseURL, sleep: sleeps.sleep)
        return OpenAIChatRepository(service: service, model: "gpt-4o-mini", authorization: .bearer("sk-secret-value"),
                                    apiKeyVariable: "OPENAI_API_KEY")
    }

    @Test func invalidKeyNamesTheVariableToFixAndNeverTheKey() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.invalidAPIKey401, status: 401)])
        defer { server.stop() }
        let error = await #expect(throws: ChatError.self) { try await makeRepository(server).reply(to: "hi", as: persona) }

        guard case .invalidAPIKey(let variable, let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(variable == "OPENAI_API_KEY")
        #expect(message.hasPrefix("Incorrect API key provided: ••••. You can find"), "the part of the key the server echoed is redacted: \(message)")
        #expect(!String(describing: error!).contains("sk-secret-value"), "the error carries no key")
        #expect(server.requests.count == 1)
        #expect(sleeps.all.isEmpty)
    }

    @Test func rateLimitIsRetriedAfterTheRetryAfterHeader() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.rateLimit429, status: 429, headers: ["Retry-After": "2"]),
                                                    .json(OpenAISamples.helloWorldCompletion)])
        defer { server.stop() }
        let reply = try await makeRepository(server).reply(to: "hi", as: persona)
        #expect(reply.text == "Hello! How can I assist you today?")
        #expect(server.requests.count == 2)
        #expect(sleeps.all == [2])
    }

    @Test func rateLimitWithoutRetryAfterWaitsAsTheMessageSays() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.rateLimit429, status: 429),
                                                    .events(OpenAISamples.streamFinishReasonLength, pieceSize: 50)])
        defer { server.stop() }
        var text = ""
        for try await delta in makeRepository(server).streamReply(to: "hi", as: persona) { text += delta.text }
        #expect(text == #"{""#)
        #expect(sleeps.all == [8.64])
    }

    @Test func rateLimitThatPersistsEndsAsRateLimitedAfterThreeAttempts() async throws {
        let limited = LoopbackResponse.json(OpenAISamples.rateLimit429, status: 429, headers: ["Retry-After": "1"])
        let server = try LoopbackHTTPServer.openAI([limited, limited, limited])
        defer { server.stop() }
        await #expect(throws: ChatError.rateLimited(message: try rateLimitMessage(), retryAfter: 1)) {
            try await makeRepository(server).reply(to: "hi", as: persona)
        }
        #expect(server.requests.count == 3)
        #expect(sleeps.all == [1, 1])
    }

    @Test func insufficientQuotaIsNotRetriedAndSaysSo() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.insufficientQuota429, status: 429, headers: ["Retry-After": "1"])])
        defer { server.stop() }
        let error = await #expect(throws: ChatError.self) {
            for try await _ in makeRepository(server).streamReply(to: "hi", as: persona) {}
        }
        guard case .quotaExceeded(let message) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(message.hasPrefix("You exceeded your current quota"))
        #expect(server.requests.count == 1)
        #expect(sleeps.all.isEmpty)
    }

    @Test func serverErrorsAreReportedWithTheirStatus() async throws {
        let body = #"{"error": {"message": "The server had an error while processing your request.", "type": "server_error"}}"#
        let server = try LoopbackHTTPServer.openAI([.json(body, status: 500)])
        defer { server.stop() }
        await #expect(throws: ChatError.server(status: 500, message: "The server had an error while processing your request.")) {
            try await makeRepository(server).reply(to: "hi", as: persona)
        }
        #expect(server.requests.count == 1)
    }

    @Test func unavailableIsRetriedThenSucceeds() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(#"{"error": {"message": "overloaded"}}"#, status: 503),
                                                    .json(OpenAISamples.helloWorldCompletion)])
        defer { server.stop() }
        let reply = try await makeRepository(server).reply(to: "hi", as: persona)
        #expect(reply.text == "Hello! How can I assist you today?")
        #expect(sleeps.all == [0.5])
    }

    @Test func otherClientErrorsCarryTheServersMessage() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.notFound404, status: 404)])
        defer { server.stop() }
        await #expect(throws: ChatError.rejected(status: 404, message: "Completion comp_nonexistent_12345 not found")) {
            try await makeRepository(server).reply(to: "hi", as: persona)
        }
    }

    @Test func aBodyThatIsNotACompletionIsMalformed() async throws {
        let server = try LoopbackHTTPServer.openAI([.json("<html>It works!</html>"),
                                                    .json(#"{"id": "x", "object": "chat.completion"}"#)])
        defer { server.stop() }
        let repository = makeRepository(server)
        await #expect(throws: ChatError.self) { try await repository.reply(to: "hi", as: persona) }
        let error = await #expect(throws: ChatError.self) { try await repository.reply(to: "hi", as: persona) }
        #expect(error == .malformedResponse("the completion has no `choices`"))
    }

    @Test func aMalformedEventEndsTheStreamWithAMalformedResponse() async throws {
        let server = try LoopbackHTTPServer.openAI([.events("data: {\"choices\": 3}\n\ndata: [DONE]\n\n", pieceSize: 4)])
        defer { server.stop() }
        let error = await #expect(throws: ChatError.self) {
            for try await _ in makeRepository(server).streamReply(to: "hi", as: persona) {}
        }
        guard case .malformedResponse(let detail) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(detail.hasPrefix("at `choices`: expected"))
    }

    @Test func aTimeoutIsReportedWithTheThirtySecondDefaultAndTheSettingToRaise() async throws {
        let client = FailingHTTPClient(.timedOut(seconds: 30))
        let service = DataTransferService(client: client, baseURL: "http://127.0.0.1:9/v1", sleep: sleeps.sleep)
        let repository = OpenAIChatRepository(service: service, model: "gpt-4o-mini", authorization: .none)

        await #expect(throws: ChatError.timedOut(seconds: 30)) { try await repository.reply(to: "hi", as: persona) }
        #expect(client.requests.first?.timeout == 30)
    }

    private func rateLimitMessage() throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(OpenAISamples.rateLimit429.utf8)) as? [String: [String: Any]]
        return try #require(object?["error"]?["message"] as? String)
    }
}
