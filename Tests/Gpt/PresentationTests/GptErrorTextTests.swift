import Foundation
import GptDomain
import GptPresentation
import Testing

/// The words for each failure: what happened and what to do next.
@Suite struct GptErrorTextTests {
    private let now = Date(timeIntervalSince1970: 1_773_100_800)  // 2026-03-10 00:00 UTC
    private let utc = TimeZone(identifier: "UTC")!

    private func text(_ error: any Error) -> String { GptErrorText.text(error, now: now, in: utc) }

    @Test func aMissingKeySaysWhatToExportOrWhereToPointInstead() {
        let message = text(ChatError.missingAPIKey(variable: "MY_OPENAI_KEY", baseURL: "https://api.openai.com/v1"))
        #expect(message.contains("export MY_OPENAI_KEY="))
        #expect(message.contains("`features.gpt.settings.baseURL`"))
        #expect(text(GptError.chat(.missingAPIKey(variable: "K", baseURL: "u"))) == text(ChatError.missingAPIKey(variable: "K", baseURL: "u")))
    }

    @Test func aSpentLimitSaysWhenItResets() {
        let message = text(GptError.limitReached(limit: 10, resetsAt: now.addingTimeInterval(4 * 3600 + 12 * 60)))
        #expect(message.hasPrefix("Today's limit of 10 uses is reached. It resets"))
        #expect(message.contains("in 4 h 12 min"))
    }

    /// A reply that was shown but not saved says so, and what it cost; never that it is not shown.
    @Test func aReplyThatCantBeSavedSaysWhatWasAndWasntSaved() {
        let notKept = text(GptError.replyNotKept("/d/gpt.sqlite can't grow: the disk is full. Free some space and try again."))
        #expect(notKept == "the reply couldn't be saved to your history, so it didn't count against today's limit and the history "
            + "won't have it: /d/gpt.sqlite can't grow: the disk is full. Free some space and try again.")
        #expect(text(GptError.useNotCounted("disk I/O error")).hasPrefix("the reply is saved in your history, but this use couldn't be counted"))
        #expect(!notKept.contains("not shown"))
        #expect(text(GptError.unknownPersona(id: "x", known: ["lucky", "calm"])).contains("Choose one of: lucky, calm"))
    }

    @Test func aRefusedKeyNamesTheVariableToFixAndAnEmptyQuotaIsNotRetried() {
        let refused = text(ChatError.invalidAPIKey(variable: "OPENAI_API_KEY", message: "Incorrect API key provided."))
        #expect(refused.contains("(401)") && refused.contains("Put a valid key in OPENAI_API_KEY"))
        #expect(text(ChatError.quotaExceeded(message: "You exceeded your current quota")).contains("so the request was not retried"))
        #expect(text(ChatError.timedOut(seconds: 30)).contains("raise `features.gpt.settings.timeoutSeconds`"))
    }

    @Test func aTroubleTheRulesRefuseSaysHowToFixIt() {
        #expect(text(GptError.invalidInput(.tooLong(count: 101, limit: 100))) == "the trouble is 101 characters long; shorten it to 100 or fewer.")
        #expect(text(TroubleInputError.empty) == "write your trouble first: the text is empty.")
    }

    @Test func aRateLimitSaysWhenToTryAgain() {
        #expect(text(ChatError.rateLimited(message: "slow down", retryAfter: 1.5)).hasSuffix("Try again in 1.5 s."))
        #expect(text(ChatError.timedOut(seconds: 30)).contains("within 30 s"))
    }

    /// Issue #39 item 20: "…is `baseURL` an OpenAI-compatible API?. Check that `baseURL` points at an
    /// OpenAI-compatible API." The advice is said once, after one final mark.
    @Test func aMalformedAnswerGivesItsAdviceOnceAfterOneFinalMark() {
        #expect(text(ChatError.malformedResponse("the server sent no events"))
            == "the server's answer was not a chat completion: the server sent no events. Check that `baseURL` points at an OpenAI-compatible API.")
        let asked = text(ChatError.malformedResponse("is `baseURL` an OpenAI-compatible API?"))
        #expect(!asked.contains("?.") && asked.contains("API? Check"), "\(asked)")
        #expect(!text(ChatError.malformedResponse("at `choices`: bad. ")).contains(".."))
    }

    @Test func aServersMessageWithoutAFinalMarkDoesNotRunIntoTheAdvice() {
        #expect(text(ChatError.server(status: 502, message: "bad gateway")) == "the server failed (HTTP 502): bad gateway. Try again later.")
        #expect(text(ChatError.rejected(status: 404, message: "The model `x` does not exist."))
            .hasPrefix("the server refused the request (HTTP 404): The model `x` does not exist. Check"))
    }

    @Test func anAnswerPastItsLimitSaysWhereStrataStopped() {
        #expect(text(ChatError.answerTooLarge(limitBytes: 32_000_000))
            == "the server's answer passed 32 MB; strata stopped reading it. Check that `baseURL` points at an OpenAI-compatible API.")
        #expect(text(ChatError.eventTooLarge(limitBytes: 1_000_000))
            .hasPrefix("a line of the server's event stream passed 1 MB; strata stopped reading it. "))
    }
}
