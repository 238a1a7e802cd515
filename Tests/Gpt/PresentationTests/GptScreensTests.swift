import Foundation
import GptDomain
@testable import GptPresentation
import GptTesting
import StrataTerminal
import Testing

/// A convert use case whose stream the test feeds by hand.
final class ControlledConvertTrouble: ConvertTroubleUseCase {
    let events: AsyncThrowingStream<ConvertTroubleEvent, any Error>
    let feed: AsyncThrowingStream<ConvertTroubleEvent, any Error>.Continuation

    init() {
        (events, feed) = AsyncThrowingStream.makeStream()
    }

    func execute(_ request: ConvertTroubleRequest) async throws(GptError) -> ConvertTroubleResult {
        throw .chat(.transport("ControlledConvertTrouble: execute is not expected"))
    }

    func stream(_ request: ConvertTroubleRequest, onText: (String) -> Void) async throws(GptError) -> ConvertTroubleResult {
        do {
            for try await event in events {
                switch event {
                case .text(let piece): onText(piece)
                case .completed(let result): return result
                }
            }
        } catch let error as GptError {
            throw error
        } catch {
            throw .chat(.transport("\(error)"))
        }
        throw .chat(.cancelled)
    }
}

@MainActor
struct GptScreensTests {
    let utc = TimeZone(identifier: "UTC")!

    func render(_ screen: any Screen, width: Int = 60, height: Int = 16, frame: Int = 0) -> String {
        let canvas = Canvas(size: TerminalSize(width: width, height: height))
        screen.draw(in: canvas, context: RenderContext(frame: frame))
        return canvas.buffer.text
    }

    func makeProvider(usage: InMemoryUsageRepository, chat: StubChatRepository,
                      history: InMemoryReplyHistoryRepository = InMemoryReplyHistoryRepository()) -> GptScreenProvider {
        let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
        let personas = StaticPersonasRepository()
        let policy = DailyUsagePolicy(limit: 10, timeZone: utc)
        return GptScreenProvider(dependencies: GptSceneDependencies(
            fetchPersonas: DefaultFetchPersonasUseCase(repository: personas),
            fetchUsage: DefaultFetchUsageUseCase(repository: usage, policy: policy, userID: "mina", now: now),
            convertTrouble: DefaultConvertTroubleUseCase(chat: chat, usage: usage, history: history, personas: personas,
                                                         policy: policy, rules: TroubleInputRules(), userID: "mina", now: now),
            rules: TroubleInputRules(), timeZone: utc,
            saveReply: DefaultSaveReplyUseCase(replies: InMemorySavedRepliesRepository()),
            fetchHistory: DefaultFetchReplyHistoryUseCase(history: history, userID: "mina"),
            forgetUser: DefaultForgetUserUseCase(history: history, usage: usage, userID: "mina"), now: now))
    }

    @Test func theFlowGoesFromPersonaToInputToReplyAndBack() async throws {
        let usage = InMemoryUsageRepository()
        let chat = StubChatRepository(streams: [[.success(.init(text: "Keep calm: ")), .success(.init(text: "the bus will come."))]])
        let provider = makeProvider(usage: usage, chat: chat)
        let navigator = try Navigator { try provider.makeRootScreen(navigator: $0) }

        // persona selection
        let selection = try #require(navigator.top as? PersonaSelectionScreen)
        await selection.viewModel.load()
        let personasText = render(selection)
        #expect(personasText.contains("Lucky Vicky"))
        #expect(personasText.contains("uses today 0/10"))
        #expect(try selection.handle(.down) == .handled)
        #expect(try selection.handle(.enter) == .handled)

        // input
        let input = try #require(navigator.top as? TroubleInputScreen)
        #expect(input.title == "Marcus")
        for character in "버스 놓침" { _ = try input.handle(.character(character)) }
        #expect(input.viewModel.text == "버스 놓침")
        #expect(render(input).contains("5/100"))
        await input.viewModel.convert()

        // reply
        let result = try #require(navigator.top as? ReplyResultScreen)
        let replyText = render(result)
        #expect(replyText.contains("Keep calm: the bus will come."))
        #expect(replyText.contains("uses today 1/10"))
        #expect(try result.handle(.character("s")) == .handled)
        #expect(render(result).contains("Saved to"))
        #expect(try result.handle(.enter) == .handled)
        #expect(navigator.top is PersonaSelectionScreen)
        #expect(chat.calls == [.streamReply(trouble: "버스 놓침", personaID: "stoic")])

        // the history keeps it; forgetting deletes it and the day's use
        #expect(try selection.handle(.character("h")) == .handled)
        let history = try #require(navigator.top as? ReplyHistoryScreen)
        await history.viewModel.load()
        #expect(render(history).contains("버스 놓침"))
        #expect(render(history).contains("Marcus · 1970-01-01 00:00"))
        #expect(try history.handle(.enter) == .handled)
        #expect(navigator.top.title == "Marcus, 1970-01-01 00:00")
        navigator.back()
        #expect(try history.handle(.character("x")) == .handled)
        #expect(render(navigator.top).contains("Delete your 1 reply and today's uses?"), "one reply, not 1 replies")
        navigator.back()
        await history.viewModel.forget()
        #expect(render(history).contains("No replies yet"))
        await selection.viewModel.load()
        #expect(render(selection).contains("uses today 0/10"))
    }

    /// Lucky Vicky's input screen with a trouble sent to `convert`, whose stream the caller feeds; the task
    /// that converts it ends once the stream does.
    func sendTrouble(to convert: ControlledConvertTrouble) -> (TroubleInputViewModel, TroubleInputScreen, Task<Void, Never>) {
        let viewModel = TroubleInputViewModel(persona: .stub(), convertTrouble: convert, rules: TroubleInputRules(),
                                              actions: .init(showResult: { _, _, _ in }))
        let screen = TroubleInputScreen(viewModel: viewModel, navigator: Navigator(root: PlaceholderScreen()))
        viewModel.text = "비가 와"
        return (viewModel, screen, Task { await viewModel.convert() })
    }

    @Test func theReplyIsDrawnAsItStreamsIn() async throws {
        let convert = ControlledConvertTrouble()
        let (viewModel, screen, converting) = sendTrouble(to: convert)

        await waitUntil { viewModel.isLoading }
        #expect(render(screen).contains("Lucky Vicky is thinking"))
        convert.feed.yield(.text("완전 "))
        await waitUntil { viewModel.streamedReply == "완전 " }
        let partial = render(screen)
        #expect(partial.contains("완전"))
        #expect(!partial.contains("thinking"))
        convert.feed.yield(.text("럭키비키🍀"))
        convert.feed.yield(.completed(ConvertTroubleResult(reply: Reply(personaID: "lucky", text: "완전 럭키비키🍀"),
                                                           usage: Usage(used: 1, limit: 10, resetsAt: Date(timeIntervalSince1970: 86_400)))))
        await converting.value
        #expect(render(screen).contains("완전 럭키비키🍀"))
    }

    /// A reply streaming in that is longer than the rows shows its newest words, with how many lines are
    /// above (it stopped at its first rows with an ellipsis until it was whole).
    @Test func aLongReplyStreamingInShowsItsNewestWords() async throws {
        let convert = ControlledConvertTrouble()
        let (viewModel, screen, converting) = sendTrouble(to: convert)
        await waitUntil { viewModel.isLoading }
        let text = (1...40).map { "line \($0)" }.joined(separator: "\n")
        convert.feed.yield(.text(text))
        await waitUntil { viewModel.streamedReply == text }
        let streaming = render(screen)
        #expect(streaming.contains("line 40") && !streaming.contains("line 1\n") && streaming.contains("↑ 31 more") && !streaming.contains("PgUp"),
                "its newest words, and no key named that doesn't scroll it here: \(streaming)")
        convert.feed.finish(throwing: GptError.chat(.cutOff))
        await converting.value
    }

    /// A reply longer than the screen's rows scrolls to its last line, and says how much is above and below
    /// (it was cut with an ellipsis after its first rows, the rest out of reach but by saving it).
    @Test func aReplyLongerThanTheScreenScrollsToItsEnd() throws {
        let text = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let viewModel = ReplyResultViewModel(
            persona: .stub(), trouble: "비가 와",
            result: ConvertTroubleResult(reply: Reply(personaID: "lucky", text: text),
                                         usage: Usage(used: 1, limit: 10, resetsAt: Date(timeIntervalSince1970: 86_400))),
            saveReply: DefaultSaveReplyUseCase(replies: InMemorySavedRepliesRepository()), timeZone: utc,
            now: { Date(timeIntervalSince1970: 0) })
        let screen = ReplyResultScreen(viewModel: viewModel, navigator: Navigator(root: PlaceholderScreen()))

        let first = render(screen)  // 16 rows: 5 above the reply, 10 of its lines and the position
        #expect(first.contains("line 10") && !first.contains("line 11"), "\(first)")
        #expect(first.contains("↓ 30 more"), "\(first)")
        #expect(screen.helpItems.contains(HelpItem("↑↓", "scroll")))
        #expect(screen.keyHelp.contains(HelpItem("End G", "last")) && !screen.keyHelp.contains(HelpItem("↑↓", "scroll")),
                "the Keys dialog lists every key, not the help line's summary: \(screen.keyHelp)")

        #expect(try screen.handle(.down) == .handled)
        #expect(render(screen).contains("line 11"))
        #expect(try screen.handle(.pageDown) == .handled)
        #expect(render(screen).contains("line 21"))
        #expect(try screen.handle(.end) == .handled)
        let last = render(screen)
        #expect(last.contains("line 40") && !last.contains("line 30"), "\(last)")
        #expect(last.contains("↑ 30 more (↑↓"), "nothing below: \(last)")
        #expect(try screen.handle(.character("g")) == .handled)
        let top = render(screen)
        #expect(top.contains("line 10") && !top.contains("line 11") && !top.contains("line 40"), "back at the top: \(top)")
    }

    /// Lets the view model's task run until `condition` holds (bounded, never sleeps).
    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }
}

@MainActor
final class PlaceholderScreen: Screen {
    let title = "root"
    func draw(in canvas: Canvas, context: RenderContext) {}
    func handle(_ key: Key) throws -> KeyResult { .ignored }
}
