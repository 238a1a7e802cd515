import Foundation
import StrataTesting

/// Where the chat client posts, under the loopback server's `/v1` base URL.
let chatCompletionsPath = "/v1/chat/completions"

extension LoopbackHTTPServer {
    /// A fake OpenAI server: it answers successive chat completion requests with `responses`, in order,
    /// and any request beyond them with a 500 that says so, so a test fails loudly on a surprise request.
    static func openAI(_ responses: [LoopbackResponse]) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer()
        let unexpected = LoopbackResponse.json(
            #"{"error": {"message": "loopback OpenAI server: more requests than the test scripted", "type": "test", "code": null}}"#,
            status: 500)
        server.route("POST", chatCompletionsPath, responses: responses + [unexpected])
        return server
    }

    /// The base URL the OpenAI client is given: `http://127.0.0.1:<port>/v1`.
    var openAIBaseURL: String { url("/v1").absoluteString }
}

extension LoopbackResponse {
    /// A server-sent event stream whose body is `body`, sent as HTTP chunks of `pieceSize` bytes, each
    /// written on its own: the client gets one piece per chunk, so pieces cut lines, events and UTF-8
    /// sequences.
    static func events(_ body: String, pieceSize: Int) -> LoopbackResponse {
        LoopbackResponse(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8"], body: Data(body.utf8))
            .inPieces(of: pieceSize, pause: 0)
    }
}

extension LoopbackRequest {
    /// The body as a JSON object, if it is one.
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
}
