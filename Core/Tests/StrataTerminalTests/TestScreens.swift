@testable import StrataTerminal

/// A screen that records what happens to it and draws its name.
@MainActor
final class RecordingScreen: Screen {
    let title: String
    var appearances = 0
    var keys: [Key] = []
    var result: KeyResult = .ignored
    var error: (any Error)?
    var help: [HelpItem] = []
    var moreKeys: [HelpItem] = []
    var leavingQuestion: String?
    var isReadyForKeys = true

    init(_ title: String) {
        self.title = title
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw("\(title) screen", row: 0)
    }

    var helpItems: [HelpItem] { help }
    var keyHelp: [HelpItem] { help + moreKeys }

    func handle(_ key: Key) throws -> KeyResult {
        keys.append(key)
        if let error { throw error }
        return result
    }

    func screenWillAppear() {
        appearances += 1
    }

    func preferredModalSize(in available: TerminalSize) -> TerminalSize {
        TerminalSize(width: 20, height: 3)
    }
}

struct ScreenFailure: Error, Equatable {}
