import Foundation

/// Why the chat service gave no reply, with what a person can do about it. Secrets never appear here.
public enum ChatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No API key is configured and the server is not on this machine.
    case missingAPIKey(variable: String, baseURL: String)
    /// A key is set, but `baseURL` is another machine over plain http, where anyone on the way could read
    /// it; nothing was sent.
    case keyOverPlainHTTP(variable: String, baseURL: String)
    /// The server rejected the key (401).
    case invalidAPIKey(variable: String, message: String)
    /// Too many requests (429) and retrying per `Retry-After` didn't help.
    case rateLimited(message: String, retryAfter: Double?)
    /// The account has no credit left (429 `insufficient_quota`): retrying won't help.
    case quotaExceeded(message: String)
    /// The server failed (5xx).
    case server(status: Int, message: String)
    /// The server refused the request for another reason (4xx), e.g. an unknown model.
    case rejected(status: Int, message: String)
    /// No answer within the timeout.
    case timedOut(seconds: Double)
    /// The server couldn't be reached.
    case notConnected(baseURL: String, detail: String)
    /// The answer didn't have the expected shape.
    case malformedResponse(String)
    /// The answer held no text.
    case emptyReply
    /// The stream ended before the reply did (neither a finish reason nor `[DONE]` arrived).
    case cutOff
    /// The request was cancelled.
    case cancelled
    /// Any other transport failure.
    case transport(String)

    public var description: String {
        switch self {
        case .missingAPIKey(let variable, let baseURL):
            "no API key for \(baseURL). Set the environment variable \(variable) (export \(variable)=<your key>), "
                + "or set `features.gpt.settings.baseURL` to a local OpenAI-compatible server such as "
                + "http://127.0.0.1:8080/v1 (llama.cpp server, Ollama, vLLM), which needs no key."
        case .keyOverPlainHTTP(let variable, let baseURL):
            "the API key in \(variable) is not sent to \(baseURL): that is plain http to another machine, where anyone "
                + "on the way could read it. Nothing was sent. Use an https:// `features.gpt.settings.baseURL`, or a server "
                + "on this machine such as http://127.0.0.1:8080/v1."
        case .invalidAPIKey(let variable, let message):
            "the server rejected the API key (401): \(message) Put a valid key in \(variable) "
                + "(create one at https://platform.openai.com/account/api-keys), or change "
                + "`features.gpt.settings.apiKeyEnvironment` to the variable that holds it."
        case .rateLimited(let message, let retryAfter):
            "the server is rate limiting requests (429) and retrying didn't help: \(message)"
                + (retryAfter.map { " Try again in \(Self.format($0)) s." } ?? " Try again in a moment.")
        case .quotaExceeded(let message):
            "the account has no quota left (429 insufficient_quota), so the request was not retried: \(message) "
                + "Check the plan and billing of the account, or use another key."
        case .server(let status, let message):
            "the server failed (HTTP \(status)): \(message) Try again later."
        case .rejected(let status, let message):
            "the server refused the request (HTTP \(status)): \(message) Check `model` and `baseURL` in `features.gpt.settings`."
        case .timedOut(let seconds):
            "the server didn't answer within \(Self.format(seconds)) s. Try again, or raise `features.gpt.settings.timeoutSeconds`."
        case .notConnected(let baseURL, let detail):
            "can't reach \(baseURL): \(detail). Check the network, or `features.gpt.settings.baseURL`."
        case .malformedResponse(let detail):
            "the server's answer was not a chat completion: \(detail). Check that `baseURL` points at an OpenAI-compatible API."
        case .emptyReply:
            "the server answered with no text. Try again, or try another persona."
        case .cutOff:
            "the reply was cut off (the stream ended before the reply did): any text shown is incomplete, and the use was not counted. Try again."
        case .cancelled:
            "the request was cancelled."
        case .transport(let detail):
            "network failure: \(detail)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
