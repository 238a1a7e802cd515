import GptDomain
import GptTesting
import Testing

/// The chat double fails the test on a call it didn't script, instead of answering anything.
struct LoudDoublesTests {
    @Test func anUnscriptedReplyFailsTheTest() async {
        await withKnownIssue(isIntermittent: false) {
            _ = try? await StubChatRepository().reply(to: "late again", as: .stub())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("unexpected call reply(to: late again)") }
        }
    }

    @Test func anUnscriptedStreamFailsTheTest() async {
        await withKnownIssue(isIntermittent: false) {
            do {
                for try await _ in StubChatRepository().streamReply(to: "late again", as: .stub()) {}
            } catch {}
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("unexpected call streamReply(to: late again)") }
        }
    }
}
