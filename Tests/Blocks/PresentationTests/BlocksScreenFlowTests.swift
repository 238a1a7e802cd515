import BlocksDomain
import BlocksPresentation
import BlocksTesting
import Foundation
import StrataTerminal
import Testing

/// Drives the interactive screens with keys, without a terminal, and reads what they draw.
@MainActor
struct BlocksScreenFlowTests {
    let blocks = InMemoryItemRepository<Block>()
    let dailies = InMemoryItemRepository<Daily>()
    let timers = InMemoryItemRepository<FocusTimer>()
    let modes = InMemoryRunningModeRepository()
    let notifier = RecordingNotifier()
    let clock = FixedBlocksClock(.iso("2026-06-10T09:20:00+02:00"))
    let navigator: Navigator

    init() throws {
        let items = ModeItemSource(blocks: blocks, dailies: dailies, timers: timers)
        let berlin = Calendar.gregorian(in: "Europe/Berlin")
        let dependencies = BlocksSceneDependencies(
            blocks: .inMemory(blocks, modes: modes, clock: clock), dailies: .inMemory(dailies, modes: modes, clock: clock),
            timers: .inMemory(timers, modes: modes, clock: clock),
            start: DefaultModeStartUseCase(items: items, runningMode: modes, clock: clock, calendar: berlin),
            clock: DefaultClockFetchUseCase(items: items, runningMode: modes, clock: clock, calendar: berlin),
            stop: DefaultClockStopUseCase(runningMode: modes), wallClock: clock, notifier: notifier)
        let placeholder = Navigator(root: MenuPlaceholder())
        navigator = placeholder
        let root = try BlocksScreenProvider(dependencies: dependencies).makeRootScreen(navigator: placeholder)
        navigator.push(root)
    }

    func press(_ keys: Key...) throws {
        for key in keys { _ = try navigator.top.handle(key) }
    }

    func type(_ text: String) throws {
        for character in text { try press(.character(character)) }
    }

    func screenText() -> String {
        let canvas = Canvas(size: TerminalSize(width: 70, height: 14))
        navigator.top.draw(in: canvas, context: RenderContext())
        return canvas.buffer.lines.joined(separator: "\n")
    }

    @Test func createEditAndStartABlockThroughTheScreens() throws {
        try press(.down, .enter)                 // Blocks
        #expect(navigator.top.title == "Blocks")
        #expect(screenText().contains("No blocks yet"))
        try press(.character("a"))
        #expect(screenText().contains("Length:"))
        try type("Deep work")
        try press(.enter)                        // 4 h, chosen from the start
        #expect(navigator.top.title == "Created")
        #expect(screenText().contains("Start \"Deep work\" now?"))
        try press(.enter)                        // Later
        #expect(navigator.top.title == "Blocks")
        #expect(screenText().contains("Deep work"))
        #expect(try modes.load() == nil)

        try press(.enter, .character("e"))       // detail, then edit
        try press(.backspace, .backspace, .backspace, .backspace)
        try type("play")
        try press(.right, .enter)                // 6 h, save
        #expect(navigator.top.title == "Deep play")
        #expect(screenText().contains("6 hours, 4 blocks a day"))
        try press(.character("s"))
        #expect(navigator.top.title == "Clock")
        #expect(screenText().contains("Block 2 of 4"))
        #expect(screenText().contains("2:40:00"))  // 09:20 → 12:00
        navigator.pop()
        navigator.pop()
        #expect(screenText().contains("Deep play"))
        #expect(screenText().contains("▶ running"), "the list marks what runs")
    }

    /// Tempus's form refuses an empty title; the message goes as soon as the person types one.
    @Test func theEmptyTitleMessageGoesWhenATitleIsTyped() throws {
        try press(.down, .enter, .character("a"), .enter)
        #expect(screenText().contains("The title is empty"))
        try type("R")
        #expect(!screenText().contains("The title is empty"), "\(screenText())")
    }

    /// A prefilled duration is replaced by what is typed, and a 0 is said to become a minute before saving.
    @Test func aTimersPrefilledDurationIsReplacedAndZeroIsSaidToBecomeAMinute() throws {
        try press(.down, .down, .down, .enter, .character("a"))
        try type("Tea")
        try press(.tab)
        try type("0s")
        #expect(screenText().contains("Duration: 0s"), "\(screenText())")
        #expect(screenText().contains("A duration of 0s is saved as 1m, as Tempus does."))
        try press(.enter, .enter)                // save, Later
        #expect(screenText().contains("1m, repeating"))
    }

    /// The timer form's empty-title message gives a timer's example, the one its placeholder shows.
    @Test func aTimersEmptyTitleMessageGivesATimersExample() throws {
        try press(.down, .down, .down, .enter, .character("a"), .enter)
        #expect(screenText().contains(#"The title is empty. Give it a name, e.g. "Pomodoro"."#), "\(screenText())")
    }

    /// A daily's 0 focus is said to become a minute on the step that saves it too, not only on the first.
    @Test func aDailysZeroFocusIsSaidToBecomeAMinuteWhereItIsSaved() throws {
        try press(.down, .down, .enter, .character("a"))
        try type("Study")
        try press(.tab)
        try type("0")
        try press(.enter)                        // to step 2, where Enter saves
        #expect(screenText().contains("Step 2 of 2"), "\(screenText())")
        #expect(screenText().contains("A duration of 0s is saved as 1m, as Tempus does."), "\(screenText())")
    }

    /// One thing runs at a time: starting a timer while a daily runs asks before replacing it.
    @Test func startingWhileSomethingElseRunsAsksFirst() throws {
        try press(.down, .down, .enter, .character("a"))
        try type("Study")
        try press(.enter, .enter, .right, .enter) // both steps with the defaults, Start now
        #expect(navigator.top.title == "Clock")
        navigator.pop()
        navigator.pop()
        try press(.down, .enter, .character("a"))  // Timers
        try type("Tea")
        try press(.enter, .right, .enter)          // save, Start now
        #expect(navigator.top.title == "Replace")
        #expect(screenText().contains("The daily \"Study\" is running"))
        try press(.enter)                          // Cancel
        #expect(try modes.load()?.kind == .daily)
        try press(.enter)                          // Tea: start it from the list
        #expect(navigator.top.title == "Replace")
        try press(.right, .enter)                  // Start
        #expect(navigator.top.title == "Clock")
        #expect(try modes.load()?.kind == .timer)
    }

    /// Tempus edits a timer with the rules of creating one: a 0-second duration becomes 1 minute.
    @Test func aTimerIsEditedOnItsFormWithTheRulesOfCreatingOne() throws {
        try press(.down, .down, .down, .enter)   // Timers
        #expect(navigator.top.title == "Timers")
        try press(.character("a"))
        try type("Tea")
        try press(.enter, .enter)                // save (25m), Later
        #expect(screenText().contains("25m, repeating"))

        try press(.character("e"))
        #expect(navigator.top.title == "Edit timer")
        #expect(screenText().contains("Tea") && screenText().contains("25m"))
        try type(" green")
        try press(.tab, .backspace, .backspace, .backspace)
        try type("0s")
        try press(.enter)
        #expect(navigator.top.title == "Timers")
        #expect(screenText().contains("Tea green"), "\(screenText())")
        #expect(screenText().contains("1m, repeating"))
        #expect(try timers.fetchAll().map(\.durationSeconds) == [60])
    }

    /// A stray Esc loses nothing: once something is typed (or a length chosen), each form has a question for
    /// Esc to ask (the app asks it, see NavigationTests); untouched, or typed back as it was, it leaves at once.
    @Test func aFormAsksBeforeEscLeavesOnlyWhenSomethingWasTyped() throws {
        try press(.down, .enter, .character("a"))            // Blocks, new block
        #expect(navigator.top.leavingQuestion == nil)
        try type("D")
        #expect(navigator.top.leavingQuestion == "Discard the new block?")
        try press(.backspace)
        #expect(navigator.top.leavingQuestion == nil)
        try press(.right)                                    // another length
        #expect(navigator.top.leavingQuestion == "Discard the new block?")
        navigator.pop()
        navigator.pop()

        try press(.down, .enter, .character("a"))            // Daily, new daily
        try press(.tab, .character("5"))
        #expect(navigator.top.leavingQuestion == "Discard the new daily?")
        navigator.pop()
        navigator.pop()

        try timers.create(FocusTimer(title: "Tea", durationSeconds: 180, createdAt: clock.now()))
        try press(.down, .enter, .character("e"))            // Timers, edit Tea
        #expect(navigator.top.title == "Edit timer")
        #expect(navigator.top.leavingQuestion == nil)
        try type("s")
        #expect(navigator.top.leavingQuestion == "Discard the changes to this timer?")
    }

    @Test func aDailyIsCreatedInTwoSteps() throws {
        try press(.down, .down, .enter, .character("a"))
        #expect(screenText().contains("Step 1 of 2"))
        try type("Study")
        try press(.enter)
        #expect(screenText().contains("Step 2 of 2"))
        #expect(screenText().contains("At most 24 rounds fit"))
        try press(.tab, .backspace)
        try type("4")
        try press(.enter)
        #expect(navigator.top.title == "Created")
        try press(.right, .enter)                // Start now
        #expect(navigator.top.title == "Clock")
        #expect(screenText().contains("Focus, round 1 of 4"))
        #expect(try dailies.fetchAll().map(\.repeatCount) == [4])
    }

    /// Tempus rings at the end of a phase: the clock screen rings the terminal's bell once per ending.
    @Test func theClockScreenRingsWhenAPhaseEnds() throws {
        try press(.down, .down, .down, .enter, .character("a"))
        try type("Tea")
        try press(.enter, .right, .enter)        // save (25m), Start now
        #expect(navigator.top.title == "Clock")
        _ = screenText()
        #expect(navigator.bellsPending == 0)
        clock.advance(by: 25 * 60)
        let canvas = Canvas(size: TerminalSize(width: 70, height: 14))
        navigator.top.draw(in: canvas, context: RenderContext(frame: 10))  // the next second's frame recomputes the clock
        #expect(canvas.buffer.text.contains("Round 2"))
        #expect(navigator.bellsPending == 1)
        #expect(notifier.notifications == ["Tea: Round 2"], "and a desktop notification, where there is a desktop")
    }
}

@MainActor
private final class MenuPlaceholder: Screen {
    let title = "Strata"
    func draw(in canvas: Canvas, context: RenderContext) {}
    func handle(_ key: Key) throws -> KeyResult { .ignored }

}
