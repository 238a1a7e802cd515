import Foundation
import GptDomain
import GptPresentation
import GptTesting
import Testing

@MainActor
struct ReplyResultViewModelTests {
    let result = ConvertTroubleResult(reply: .stub(text: "완전 럭키비키잖아🍀", isTruncated: false),
                                      usage: Usage(used: 4, limit: 10, resetsAt: Date(timeIntervalSince1970: 86_400)))

    func makeViewModel(saving replies: InMemorySavedRepliesRepository = InMemorySavedRepliesRepository()) -> ReplyResultViewModel {
        ReplyResultViewModel(persona: .stub(), trouble: "우산을 잃어버렸어", result: result,
                             saveReply: DefaultSaveReplyUseCase(replies: replies),
                             timeZone: TimeZone(identifier: "Asia/Seoul")!, now: { Date(timeIntervalSince1970: 0) })
    }

    @Test func showsTheReplyAndTheUsesAfterIt() {
        let viewModel = makeViewModel()
        #expect(viewModel.replyText == "완전 럭키비키잖아🍀")
        #expect(viewModel.usageText == "uses today 4/10")
    }

    @Test func savesTheReplyAndTheTroubleUnderANameForThePersonaAndLocalTime() throws {
        let replies = InMemorySavedRepliesRepository()
        let viewModel = makeViewModel(saving: replies)

        let path = try #require(viewModel.save())

        #expect(path == "/saved/gpt-lucky-19700101-090000.txt")
        let contents = try #require(replies.saved["gpt-lucky-19700101-090000.txt"])
        #expect(contents.contains("Trouble: 우산을 잃어버렸어"))
        #expect(contents.contains("완전 럭키비키잖아🍀"))
        #expect(viewModel.savedPath == path)
    }

    @Test func aSaveThatFailsGivesAnAlertNamingWhereAndWhy() {
        let replies = InMemorySavedRepliesRepository(failure: SavedReplyError(path: "/ro/gpt.txt", reason: "read-only file system"))
        let viewModel = makeViewModel(saving: replies)

        #expect(viewModel.save() == nil)
        #expect(viewModel.errorAlert == "The reply couldn't be saved to /ro/gpt.txt: read-only file system. Check that the folder is writable.")
        #expect(viewModel.savedPath == nil)
    }
}
