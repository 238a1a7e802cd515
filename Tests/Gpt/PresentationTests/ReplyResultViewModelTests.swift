import Foundation
import GptDomain
import GptPresentation
import GptTesting
import Testing

@MainActor
struct ReplyResultViewModelTests {
    let result = ConvertTroubleResult(reply: .stub(text: "완전 럭키비키잖아🍀", isTruncated: false),
                                      usage: Usage(used: 4, limit: 10, resetsAt: Date(timeIntervalSince1970: 86_400)))

    func makeViewModel(folder: URL) -> ReplyResultViewModel {
        ReplyResultViewModel(persona: .stub(), trouble: "우산을 잃어버렸어", result: result, saveDirectory: folder,
                             timeZone: TimeZone(identifier: "Asia/Seoul")!, now: { Date(timeIntervalSince1970: 0) })
    }

    @Test func showsTheReplyAndTheUsesAfterIt() {
        let viewModel = makeViewModel(folder: FileManager.default.temporaryDirectory)
        #expect(viewModel.replyText == "완전 럭키비키잖아🍀")
        #expect(viewModel.usageText == "uses today 4/10")
    }

    @Test func savesTheReplyToATextFileNamedForThePersonaAndLocalTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-save-\(UUID().uuidString)")
        let viewModel = makeViewModel(folder: folder)

        let file = try #require(viewModel.save())

        #expect(file.lastPathComponent == "gpt-lucky-19700101-090000.txt")
        let contents = try String(contentsOf: file, encoding: .utf8)
        #expect(contents.contains("Trouble: 우산을 잃어버렸어"))
        #expect(contents.contains("완전 럭키비키잖아🍀"))
        #expect(viewModel.savedPath == file.path)
    }

    @Test func aFolderThatCannotBeCreatedGivesAnAlert() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-blocker-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        let viewModel = makeViewModel(folder: blocker.appendingPathComponent("inside"))

        #expect(viewModel.save() == nil)
        #expect(viewModel.errorAlert?.contains("couldn't be saved") == true)
    }
}
