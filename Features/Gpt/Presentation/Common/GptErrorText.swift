import Foundation
import GptDomain
import StrataBase

/// What the command line and the screens say of a failure: what happened and what to do next, in the words
/// of the settings. Domain errors carry data; their words are here.
public enum GptErrorText {
    /// The message for `error`; a spent limit says when it resets, in `timeZone`.
    public static func text(_ error: any Error, now: Date, in timeZone: TimeZone) -> String {
        switch error {
        case let error as GptError: text(error, now: now, in: timeZone)
        case let error as ChatError: text(error)
        case let error as TroubleInputError: text(error)
        default: "\(error)"
        }
    }

    private static func text(_ error: GptError, now: Date, in timeZone: TimeZone) -> String {
        switch error {
        case .invalidInput(let problem):
            text(problem)
        case .unknownPersona(let id, let known):
            "there is no persona '\(id)'. Choose one of: \(known.joined(separator: ", ")) (see `strata gpt personas`)."
        case .limitReached(let limit, let resetsAt):
            UsageFormatting.limitMessage(Usage(used: limit, limit: limit, resetsAt: resetsAt), now: now, in: timeZone)
        case .chat(let error):
            text(error)
        case .usageUnavailable(let detail):
            "today's uses couldn't be read or counted, so nothing was sent: \(sentence(detail))"
        case .replyNotKept(let detail, _):
            "the reply couldn't be saved to your history, so it didn't count against today's limit and the history "
                + "won't have it: \(sentence(detail))"
        case .useNotCounted(let detail):
            "the reply is saved in your history, but this use couldn't be counted (it costs nothing): \(sentence(detail))"
        case .personasUnavailable(let detail):
            "the personas couldn't be loaded: \(detail)"
        }
    }

    private static func text(_ problem: TroubleInputError) -> String {
        switch problem {
        case .empty: "write your trouble first: the text is empty."
        case .tooLong(let count, let limit): "the trouble is \(countText(count, "character")) long; shorten it to \(limit) or fewer."
        }
    }

    private static func text(_ error: ChatError) -> String {
        switch error {
        case .missingAPIKey(let variable, let baseURL):
            "no API key for \(baseURL). Set the environment variable \(variable) (export \(variable)=<your key>), "
                + "or set `features.gpt.settings.baseURL` to a local OpenAI-compatible server such as "
                + "http://127.0.0.1:8080/v1 (llama.cpp server, Ollama, vLLM), which needs no key."
        case .keyOverPlainHTTP(let variable, let baseURL):
            "the API key in \(variable) is not sent to \(baseURL): that is plain http to another machine, where anyone "
                + "on the way could read it. Nothing was sent. Use an https:// `features.gpt.settings.baseURL`, or a server "
                + "on this machine such as http://127.0.0.1:8080/v1."
        case .invalidAPIKey(let variable, let message):
            "the server rejected the API key (401): \(sentence(message)) Put a valid key in \(variable) "
                + "(create one at https://platform.openai.com/account/api-keys), or change "
                + "`features.gpt.settings.apiKeyEnvironment` to the variable that holds it."
        case .rateLimited(let message, let retryAfter):
            "the server is rate limiting requests (429) and retrying didn't help: \(sentence(message))"
                + (retryAfter.map { " Try again in \(secondsText($0))." } ?? " Try again in a moment.")
        case .quotaExceeded(let message):
            "the account has no quota left (429 insufficient_quota), so the request was not retried: \(sentence(message)) "
                + "Check the plan and billing of the account, or use another key."
        case .server(let status, let message):
            "the server failed (HTTP \(status)): \(sentence(message)) Try again later."
        case .rejected(let status, let message):
            "the server refused the request (HTTP \(status)): \(sentence(message)) Check `model` and `baseURL` in `features.gpt.settings`."
        case .timedOut(let seconds):
            "the server didn't answer within \(secondsText(seconds)). Try again, or raise `features.gpt.settings.timeoutSeconds`."
        case .notConnected(let baseURL, let detail):
            "can't reach \(baseURL): \(detail). Check the network, or `features.gpt.settings.baseURL`."
        case .malformedResponse(let detail):
            "the server's answer was not a chat completion: \(sentence(detail)) \(checkBaseURL)"
        case .answerTooLarge(let limit):
            "\(limitPassedText("the server's answer", limit)). \(checkBaseURL)"
        case .eventTooLarge(let limit):
            "\(limitPassedText("a line of the server's event stream", limit)). \(checkBaseURL)"
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

    private static let checkBaseURL = "Check that `baseURL` points at an OpenAI-compatible API."

    /// `text` as a sentence: its own final `.`, `!` or `?` kept, else a period added, so that a server's
    /// message or a detail followed by advice never reads "API?." or runs into the next sentence.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return "" }
        return ".!?".contains(last) ? trimmed : trimmed + "."
    }
}
