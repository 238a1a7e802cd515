// StrataTerminal: the terminal presentation kit of the Strata SDK.
//
// A feature's Presentation layer builds its screens from this module; the host runs them in a full-screen
// app. It depends on no other SDK module but StrataBase (its `Sanitizer` cleans everything drawn).
//
// The pieces, bottom up:
//
// - Input/       `Key` and `KeyDecoder` (bytes → keys; Esc told apart from escape sequences; UTF-8).
// - Layout/      display width (`"한글".displayWidth == 4`), `truncated(toWidth:)`, `wrapped(toWidth:)`.
// - Rendering/   `ScreenBuffer` (a grid of cells, readable as text in tests), `Canvas` (a clipped, sanitizing
//                view into it), `Style`, and `FrameRenderer` (frame-to-frame diff as ANSI output).
// - Components/  `TextBlock`, `ListView` + `ListSelection` (selection, scrolling, `.reachedEnd` for paging),
//                `TextField` + `TextFieldState`, `ProgressBar`, `Spinner`, `Alert`, `Frame`, `StatusLine`,
//                `HelpLine`.
// - Navigation/  `Screen`, `Navigator` (push / pop / present modally / dismiss), `Coordinator`,
//                `FeatureScreenProvider` (how a plugin contributes its root screen), `AlertScreen`, `MenuScreen`
//                (a feature's first screen when it has several), and
//                `TerminalApp`, which draws and drives the stack in memory or on a terminal.
// - Terminal/    raw mode, alternate screen, signals (SIGWINCH, SIGTSTP/SIGCONT, SIGTERM…), input thread,
//                `TerminalCapabilities` (`TERM=dumb`, `NO_COLOR`).
//
// A screen in the features' MVVM style: the view model is a concrete `@MainActor @Observable` class that the
// screen holds (no Input/Output protocols: the seam tests replace is the use case behind it, and Observation
// tracks the class's stored properties):
//
//     @MainActor @Observable final class MoviesListViewModel {
//         private(set) var items: [MoviesListItemViewModel] = []
//         func didSearch(query: String) { … }   // calls use cases, sets `items`, `loading` and `error`;
//                                                 // navigation through an injected actions struct
//     }
//
//     @MainActor final class MoviesListScreen: Screen {
//         let title = "Movies"
//         private var selection = ListSelection()
//         func draw(in canvas: Canvas, context: RenderContext) { … ListView(rows: …).draw(in: canvas, selection: &selection) }
//         func handle(_ key: Key) throws -> KeyResult { … }
//     }
//
// The app redraws whenever an `@Observable` property read while drawing changes, so view models just set
// their state (on the main actor). View models are tested directly; screens are tested by drawing them into
// a `TerminalApp` and reading `render(size:).text`.
