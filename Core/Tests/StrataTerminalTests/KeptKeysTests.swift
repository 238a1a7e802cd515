import Testing

@testable import StrataTerminal

/// Keys typed before a screen is ready for them (``Screen/isReadyForKeys``) go to it once it is, in order,
/// and are never kept for good: Esc and Ctrl-C act at once, and past ``TerminalApp/keyHoldLimit`` the keys
/// go to the screen as it is.
@MainActor
@Suite struct KeptKeysTests {
    private let size = TerminalSize(width: 40, height: 10)

    /// A screen whose Enter opens `next`, as a list opens a form.
    final class OpeningScreen: Screen {
        let title = "list"
        var isReadyForKeys = false
        var keys: [Key] = []
        let next: RecordingScreen
        weak var navigator: Navigator?

        init(next: RecordingScreen) { self.next = next }

        func draw(in canvas: Canvas, context: RenderContext) {}

        func handle(_ key: Key) throws -> KeyResult {
            keys.append(key)
            if key == .enter { navigator?.push(next) }
            return .handled
        }
    }

    @Test func keysTypedBeforeAScreenIsReadyGoToItInOrderAndTheRestToTheScreenItOpens() throws {
        let form = RecordingScreen("form")
        form.result = .handled
        form.isReadyForKeys = false
        let list = OpeningScreen(next: form)
        let app = TerminalApp(root: list)
        list.navigator = app.navigator
        for key in [Key.down, .enter, .character("b"), .character("u")] { try app.send(key) }
        _ = app.render(size: size)
        #expect(list.keys.isEmpty, "kept while it loads")

        list.isReadyForKeys = true
        _ = app.render(size: size)
        #expect(list.keys == [.down, .enter], "the list's keys, up to the Enter that opened the form")
        #expect(app.navigator.top === form && form.keys.isEmpty, "the rest wait for the form")
        try app.send(.character("s"))

        form.isReadyForKeys = true
        try app.deliverKeptKeys()
        #expect(form.keys == [.character("b"), .character("u"), .character("s")])
        try app.send(.character("!"))
        #expect(form.keys.last == .character("!"), "once nothing is kept, a key goes at once")
    }

    @Test func escapeActsAtOnceAndDropsTheKeptKeys() throws {
        let root = RecordingScreen("root")
        let loading = RecordingScreen("loading")
        loading.isReadyForKeys = false
        let app = TerminalApp(root: root)
        app.navigator.push(loading)
        try app.send(.character("x"))
        try app.send(.escape)
        #expect(app.navigator.top === root, "Esc went back at once")
        #expect(loading.keys == [.escape], "the kept x was dropped, Esc given")
        _ = app.render(size: size)
        #expect(root.keys.isEmpty)
    }

    /// A load that never ends keeps no key for good: past the hold limit the keys go to the screen as it
    /// is, and q quits (the first design kept them until the screen was ready, which it never was).
    @Test func aScreenThatNeverGetsReadyGetsTheKeysPastTheHoldLimit() throws {
        let stuck = RecordingScreen("stuck")
        stuck.isReadyForKeys = false
        let app = TerminalApp(root: stuck)
        try app.send(.character("x"))
        #expect(stuck.keys.isEmpty)
        #expect(app.keptKeysDeadline.map { $0 > .now } == true, "due at the hold limit, not before")

        app.keyHoldLimit = .zero
        try app.deliverKeptKeys()
        #expect(stuck.keys == [.character("x")])
        try app.send(.character("q"))
        #expect(app.exitCode == 0, "q quits once the hold is over")
    }
}
