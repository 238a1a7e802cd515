/// One screen of an interactive app: it draws itself and reacts to keys.
///
/// A screen is usually thin: it reads the output of its view model when drawing and forwards keys to the
/// view model's input (see the module overview for the pattern). The app around it draws a
/// title bar with the navigation path and a help line from ``helpItems``, and gives the screen the area
/// between them.
///
/// Drawing happens whenever something may have changed: after a key, a resize, an animation tick, or a
/// change of any `@Observable` property the screen read while drawing (the app tracks those reads with the
/// Observation framework). So a screen whose view model is `@Observable` never asks for a redraw itself.
@MainActor
public protocol Screen: AnyObject {
    /// A short title, shown in the title bar as part of the navigation path (`Strata › Movies › Dune`).
    var title: String { get }

    /// The keys this screen understands, shown in the help line. Default: none (the app adds `Esc back`
    /// when the screen can be left).
    var helpItems: [HelpItem] { get }

    /// Every key this screen understands, for the `?` Keys dialog: its ``helpItems`` and the keys of the
    /// components it passes keys to (``ListSelection/keyHelp``, ``TextFieldState/keyHelp``), which the help
    /// line has no room for. Default: ``helpItems``.
    var keyHelp: [HelpItem] { get }

    /// Whether the screen can take keys now: `false` while it loads what its keys act on, until that first
    /// load ends, whether it worked or failed (a list before its items arrive). The app keeps the keys typed
    /// meanwhile, in order, and gives them to it once it is ready, or after ``TerminalApp/keyHoldLimit`` at
    /// the latest, so a burst typed as the screen opens is not lost and a load that never ends keeps no key
    /// for good; Esc and Ctrl-C act at once. Default: true.
    var isReadyForKeys: Bool { get }

    /// Whether the screen shows an animation (a ``Spinner``) and wants ``RenderContext/frame`` to advance
    /// about ten times a second. Default: false.
    var isAnimating: Bool { get }

    /// Draws the screen's contents into `canvas`, the area between the title bar and the help line.
    func draw(in canvas: Canvas, context: RenderContext)

    /// Reacts to a key.
    ///
    /// - Returns: ``KeyResult/handled`` when the key was used, ``KeyResult/ignored`` to let the app apply
    ///   its defaults (Esc goes back), ``KeyResult/exit`` to end the app.
    /// - Throws: Any error ends the app: the terminal is restored and the error is reported to the user.
    func handle(_ key: Key) throws -> KeyResult

    /// A question Esc asks before leaving the screen, or nil to leave at once. A form with typed changes
    /// answers e.g. "Discard the new block?", so a stray Esc loses nothing: the app shows it in a
    /// Cancel / Discard dialog and goes back only on Discard. Default: nil.
    var leavingQuestion: String? { get }

    /// Called each time the screen becomes the top of the navigation stack (first shown, or uncovered by a
    /// pop or dismiss). A good place to start loading. Default: nothing.
    func screenWillAppear()

    /// Called on every screen of the stack, top first, when the app quits (q, Ctrl-C, the end of input),
    /// before it gives the terminal back: the place to finish what must not be lost (a run in progress is
    /// saved as cancelled). Default: nothing.
    func appWillQuit() async

    /// The size this screen wants when presented modally inside `available` (it is drawn in a framed box
    /// centred on the screen below). Default: 60×10 cells, clipped to `available`.
    func preferredModalSize(in available: TerminalSize) -> TerminalSize
}

extension Screen {
    /// No keys of its own.
    public var helpItems: [HelpItem] { [] }
    /// The help line's keys.
    public var keyHelp: [HelpItem] { helpItems }
    /// Ready at once.
    public var isReadyForKeys: Bool { true }
    /// Not animating.
    public var isAnimating: Bool { false }
    /// Leaves at once.
    public var leavingQuestion: String? { nil }
    /// Does nothing.
    public func screenWillAppear() {}
    /// Does nothing.
    public func appWillQuit() async {}
    /// 60×10 cells, clipped to `available`.
    public func preferredModalSize(in available: TerminalSize) -> TerminalSize {
        TerminalSize(width: min(60, available.width), height: min(10, available.height))
    }
}

/// What a screen did with a key.
public enum KeyResult: Hashable, Sendable {
    /// The key was used; nothing more happens.
    case handled
    /// The key was not used; the app applies its default (Esc goes back).
    case ignored
    /// The app should end (the home screen's `q`).
    case exit
}

/// One entry of a help line: a key and what it does, e.g. `HelpItem("Enter", "open")`.
public struct HelpItem: Hashable, Sendable {
    /// The key as shown (`"↑↓"`, `"Enter"`, `"q"`).
    public var key: String
    /// What it does (`"open"`).
    public var action: String

    /// Creates a help entry.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// Information for one drawing pass.
public struct RenderContext: Hashable, Sendable {
    /// A counter that advances about ten times a second while the top screen ``Screen/isAnimating``;
    /// a ``Spinner`` picks its frame from it.
    public var frame: Int
    /// Whether colours are shown (false under `NO_COLOR`); a screen may mark things differently without them.
    public var colors: Bool
    /// How pictures are drawn on this terminal (``PictureMode/off`` without colours).
    public var pictures: PictureMode
    /// The size of a cell in pixels, as the terminal reports it (``CellPixelSize/assumed`` when it doesn't):
    /// give it to ``Picture/cellSize(fitting:cell:)`` to keep a picture's proportions.
    public var cellPixels: CellPixelSize
    /// Whether the terminal shows 24-bit colours (``TerminalCapabilities/trueColor``): half blocks of a few
    /// cells read only then.
    public var trueColor: Bool

    /// Creates a context.
    public init(
        frame: Int = 0, colors: Bool = true, pictures: PictureMode = .halfBlocks, cellPixels: CellPixelSize = .assumed,
        trueColor: Bool = true
    ) {
        self.frame = frame
        self.colors = colors
        self.pictures = pictures
        self.cellPixels = cellPixels
        self.trueColor = trueColor
    }
}
