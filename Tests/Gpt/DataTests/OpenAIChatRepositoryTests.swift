import Foundation
import GptData
import GptDomain
import GptTesting
import StrataNetworking
import StrataURLSession
import StrataTesting
import Testing

/// The chat client against a loopback server replaying real OpenAI answers.
struct OpenAIChatRepositoryTests {
    let persona = Persona.stub()
    let sleeps = RecordedSleeps()

    func makeRepository(_ server: LoopbackHTTPServer, authorization: OpenAIAuthorization = .bearer("sk-test-123"),
                        model: String = "gpt-4o-mini") -> OpenAIChatRepository {
        let service = DataTransferService(client: CurlHTTPClient(), baseURL: server.openAIBaseURL, timeout: 30, sleep: sleeps.sleep)
        return OpenAIChatRepository(service: service, model: model, authorization: authorization)
    }

    func collect(_ stream: AsyncThrowingStream<ReplyDelta, any Error>) async throws -> [ReplyDelta] {
        var deltas: [ReplyDelta] = []
        for try await delta in stream { deltas.append(delta) }
        return deltas
    }

    @Test func plainReplyDecodesTheRealCompletionAndSendsAChatCompletionsRequest() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.helloWorldCompletion)])
        defer { server.stop() }
        let reply = try await makeRepository(server).reply(to: "지갑을 잃어버렸어", as: persona)

        #expect(reply == Reply(personaID: "lucky", text: "Hello! How can I assist you today?"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer sk-test-123")
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(request.json)
        #expect(body["model"] as? String == "gpt-4o-mini")
        #expect(body["stream"] as? Bool == false)
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages == [["role": "system", "content": persona.systemPrompt], ["role": "user", "content": "지갑을 잃어버렸어"]])
    }

    @Test func plainReplyDecodesTheOpenAIPythonSample() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.completionNonStreaming)])
        defer { server.stop() }
        let reply = try await makeRepository(server).reply(to: "weather?", as: persona)
        #expect(reply.text.hasPrefix("I'm unable to provide real-time weather updates."))
        #expect(!reply.isTruncated)
    }

    @Test func streamingAssemblesTheRealSampleDeliveredInSevenBytePieces() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(OpenAISamples.streamTextStopWithUsage, pieceSize: 7)])
        defer { server.stop() }
        let deltas = try await collect(makeRepository(server).streamReply(to: "weather?", as: persona))

        #expect(deltas.map(\.text).joined() == "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.")
        #expect(deltas.count > 20)
        #expect(deltas.allSatisfy { !$0.isTruncated })
        let body = try #require(server.requests.first?.json)
        #expect(body["stream"] as? Bool == true)
        #expect(server.requests.first?.headers["accept"] == "text/event-stream")
    }

    @Test func streamingKeepsOnlyTheFirstOfInterleavedChoices() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(OpenAISamples.streamThreeChoices, pieceSize: 13)])
        defer { server.stop() }
        let deltas = try await collect(makeRepository(server).streamReply(to: "weather?", as: persona))
        #expect(deltas.map(\.text).joined() == #"{"city":"San Francisco","temperature":65,"units":"f"}"#)
    }

    @Test func streamingMarksALengthCutOffAsTruncated() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(OpenAISamples.streamFinishReasonLength, pieceSize: 5)])
        defer { server.stop() }
        let deltas = try await collect(makeRepository(server).streamReply(to: "weather?", as: persona))
        #expect(deltas.map(\.text).joined() == #"{""#)
        #expect(deltas.last?.isTruncated == true)
    }

    @Test func streamingReadsTheDotnetRecordingWithUsageAndObfuscationFields() async throws {
        let server = try LoopbackHTTPServer.openAI([.events(OpenAISamples.streamRefusal, pieceSize: 64)])
        defer { server.stop() }
        let deltas = try await collect(makeRepository(server).streamReply(to: "rob a bank", as: persona))
        #expect(deltas.map(\.text).joined() == "I'm sorry, I can't assist with that request.")
    }

    @Test func streamingKeepsKoreanAndEmojiWholeWhenBytesArriveOneAtATime() async throws {
        let pieces = ["완전 ", "럭키비키", "잖아🍀"]
        let events = pieces.map { piece in
            #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"\#(piece)"},"finish_reason":null}]}"#
        }
        let body = events.map { $0 + "\n\n" }.joined() + "data: [DONE]\n\n"
        let server = try LoopbackHTTPServer.openAI([.events(body, pieceSize: 1)])
        defer { server.stop() }
        let deltas = try await collect(makeRepository(server).streamReply(to: "비가 와", as: persona))
        #expect(deltas.map(\.text) == pieces)
    }

    @Test func aLoopbackServerGetsNoAuthorizationHeader() async throws {
        let server = try LoopbackHTTPServer.openAI([.json(OpenAISamples.helloWorldCompletion)])
        defer { server.stop() }
        _ = try await makeRepository(server, authorization: .none).reply(to: "hi", as: persona)
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test func aMissingKeyForARemoteServerSendsNothingAndSaysWhatToSet() async throws {
        let client = FailingHTTPClient(.transport("must not be called"))
        let service = DataTransferService(client: client, baseURL: "https://api.openai.com/v1", sleep: sleeps.sleep)
        let repository = OpenAIChatRepository(service: service, model: "gpt-4o-mini", authorization: .missing(variable: "MY_OPENAI_KEY"))

        await #expect(throws: ChatError.missingAPIKey(variable: "MY_OPENAI_KEY", baseURL: "https://api.openai.com/v1")) {
            try await repository.reply(to: "hi", as: persona)
        }
        await #expect(throws: ChatError.self) { try await collect(repository.streamReply(to: "hi", as: persona)) }
        #expect(client.requests.isEmpty)
    }
}
