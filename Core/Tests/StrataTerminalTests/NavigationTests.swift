import Testing
@testable import StrataTerminal

@MainActor
@Suite struct NavigationTests {
    @Test func pushShowsTheNewScreenAndPopReturns() {
        let root = RecordingScreen("Home"), details = RecordingScreen("Details")
        let navigator = Navigator(root: root)
        navigator.push(details)
        #expect(navigator.top === details)
        #expect(navigator.path == ["Home", "Details"])
        #expect(details.appearances == 1)
        #expect(navigator.pop())
        #expect(navigator.top === root)
        #expect(root.appearances == 2)  // shown first, then uncovered again
    }

    @Test func theRootIsNeverPopped() {
        let navigator = Navigator(root: RecordingScreen("Home"))
        #expect(!navigator.pop())
        #expect(!navigator.back())
        #expect(navigator.entries.count == 1)
    }

    @Test func popLeavesAModalAloneAndDismissRemovesIt() {
        let navigator = Navigator(root: RecordingScreen("Home"))
        navigator.push(RecordingScreen("List"))
        navigator.present(RecordingScreen("Dialog"))
        #expect(navigator.isPresentingModal)
        #expect(!navigator.pop())
        #expect(navigator.dismiss())
        #expect(navigator.path == ["Home", "List"])
        #expect(!navigator.dismiss())
    }

    @Test func dismissRemovesScreensPushedAboveTheModal() {
        let navigator = Navigator(root: RecordingScreen("Home"))
        navigator.present(RecordingScreen("Picker"))
        navigator.push(RecordingScreen("Step 2"))
        #expect(navigator.dismiss())
        #expect(navigator.path == ["Home"])
    }

    @Test func popToRootKeepsOnlyTheRoot() {
        let navigator = Navigator(root: RecordingScreen("Home"))
        navigator.push(RecordingScreen("A"))
        navigator.push(RecordingScreen("B"))
        navigator.popToRoot()
        #expect(navigator.path == ["Home"])
    }

    @Test func appGoesBackOnEscapeOnlyWhenTheScreenIgnoresIt() throws {
        let feature = RecordingScreen("Movies")
        let app = TerminalApp(root: RecordingScreen("Home"))
        app.navigator.push(feature)
        feature.result = .handled
        try app.send(.escape)
        #expect(app.navigator.top === feature)
        feature.result = .ignored
        try app.send(.escape)
        #expect(app.navigator.path == ["Home"])
        #expect(app.exitCode == nil)
    }

    /// A form with typed changes asks before Esc leaves it: Cancel (or Esc) stays, Discard goes back.
    @Test func escapeAsksAScreensLeavingQuestionAndGoesBackOnlyOnDiscard() throws {
        let form = RecordingScreen("New block")
        form.leavingQuestion = "Discard the new block?"
        let app = TerminalApp(root: RecordingScreen("Home"))
        app.navigator.push(form)
        try app.send(.escape)
        #expect(app.navigator.path == ["Home", "New block", "Discard"])
        #expect(app.navigator.top.helpItems.map(\.key) == ["←→", "Enter", "Esc"])
        try app.send(.enter)                     // Cancel is chosen first
        #expect(app.navigator.top === form)
        try app.send(.escape)
        try app.send(.escape)                    // Esc in the dialog stays too
        #expect(app.navigator.top === form)
        try app.send(.escape)
        try app.send(.right)
        try app.send(.enter)                     // Discard
        #expect(app.navigator.path == ["Home"])
    }

    @Test func appExitsWhenAScreenSaysSoAndOnUnhandledCtrlC() throws {
        let root = RecordingScreen("Home")
        let app = TerminalApp(root: root)
        try app.send(.interrupt)
        #expect(app.exitCode == 130)
        let other = TerminalApp(root: root)
        root.result = .exit
        try other.send(.character("q"))
        #expect(other.exitCode == 0)
    }

    @Test func anIgnoredQQuitsFromAnyScreenButATextFieldTakesIt() throws {
        let field = RecordingScreen("Search")
        let app = TerminalApp(root: RecordingScreen("Home"))
        app.navigator.push(field)
        field.result = .handled  // a text field takes the q as a letter
        try app.send(.character("q"))
        #expect(app.exitCode == nil)
        field.result = .ignored
        try app.send(.character("q"))
        #expect(app.exitCode == 0)
    }

    @Test func questionMarkListsTheScreensKeysAndTheAppsOwn() throws {
        let screen = RecordingScreen("List")
        screen.help = [HelpItem("↑↓", "move"), HelpItem("Enter", "open")]
        screen.moreKeys = ListSelection.keyHelp
        let app = TerminalApp(root: RecordingScreen("Home"))
        app.navigator.push(screen)
        try app.send(.character("?"))
        #expect(app.navigator.path == ["Home", "List", "Keys"])
        let text = app.render(size: TerminalSize(width: 60, height: 20)).text
        for line in ["│ Enter open", "│ ↑ k previous", "│ ↓ j next", "│ Home g first", "│ End G last",
                     "│ Esc back", "│ q quit", "│ Ctrl-L repaint", "│ ? these keys"] {
            #expect(text.contains(line), "\(line) is missing:\n\(text)")
        }
        // The list's keys say what the footer's "↑↓ move" says: the dialog listed both (#50 item 5).
        #expect(!text.contains("↑↓ move"), "\(text)")
        try app.send(.character("q"))  // inside the dialog, q doesn't quit
        #expect(app.exitCode == nil)
        try app.send(.escape)
        #expect(app.navigator.path == ["Home", "List"])
    }

    @Test func appPassesOnWhatAScreenThrows() {
        let root = RecordingScreen("Home")
        root.error = ScreenFailure()
        let app = TerminalApp(root: root)
        #expect(throws: ScreenFailure.self) { try app.send(.enter) }
    }

    @Test func appDrawsThePathTheScreenAndTheHelpLine() {
        let app = TerminalApp(root: RecordingScreen("Strata"))
        app.navigator.push(RecordingScreen("Movies"))
        let lines = app.render(size: TerminalSize(width: 30, height: 5)).lines
        #expect(lines[0] == " Strata › Movies")
        #expect(lines[2] == " Movies screen")
        #expect(lines[4] == "Esc back")
    }

    @Test func appDrawsAModalInAFramedBoxOverTheScreenBelow() {
        let app = TerminalApp(root: RecordingScreen("Home"))
        app.navigator.present(RecordingScreen("Dialog"))
        let text = app.render(size: TerminalSize(width: 30, height: 9)).text
        #expect(text == """
             Home › Dialog

             Home screen
                 ┌─ Dialog ─────────┐
                 │ Dialog screen    │
                 └──────────────────┘


            Esc back
            """)
    }

    @Test func alertScreenReportsTheChoiceAfterDismissingItself() throws {
        let app = TerminalApp(root: RecordingScreen("Home"))
        var answers: [Bool] = []
        app.navigator.confirm(title: "Delete?", message: "Delete the run?", confirmLabel: "Delete") { answers.append($0) }
        #expect(app.render(size: TerminalSize(width: 40, height: 10)).text.contains("[ Cancel ]  [ Delete ]"))
        try app.send(.right)
        try app.send(.enter)
        #expect(answers == [true])
        #expect(app.navigator.path == ["Home"])
        app.navigator.confirm(title: "Again?", message: "Sure?") { answers.append($0) }
        try app.send(.escape)
        #expect(answers == [true, false])
        #expect(app.navigator.path == ["Home"])
    }

    @Test func aMenuListsItsEntriesAndEnterOpensTheChosenOne() throws {
        var opened: [String] = []
        let menu = MenuScreen(title: "Blocks", entries: [("Clock", "what runs now", { opened.append("Clock") }),
                                                         ("Timers", "repeating countdowns", { opened.append("Timers") })])
        let app = TerminalApp(root: menu)
        let text = app.render(size: TerminalSize(width: 40, height: 6)).text
        #expect(text.contains("Clock") && text.contains("what runs now") && text.contains("Timers"))
        try app.send(.down)
        try app.send(.enter)
        #expect(opened == ["Timers"])
        try app.send(.up)
        try app.send(.enter)
        #expect(opened == ["Timers", "Clock"])
        #expect(menu.helpItems.map(\.key) == ["↑↓", "Enter"])
    }
}
