/// A full-screen terminal app: a ``Navigator`` of screens, drawn with a title bar (the navigation path) and
/// a help line, and driven by keys.
///
/// The same object runs on a real terminal with ``run(environment:)`` and in tests without one:
///
/// ```swift
/// let app = TerminalApp(root: HomeScreen(…))
/// try app.send(.down)
/// try app.send(.enter)
/// #expect(app.render(size: TerminalSize(width: 60, height: 12)).text.contains("Movies"))
/// ```
///
/// Keys go to the top screen first. If it ignores them, the app applies its defaults: Esc goes back
/// (dismisses a dialog or pops a screen), `q` quits (a screen with a text field takes the `q` as text),
/// `?` lists the current screen's keys, Ctrl-C quits with exit code 130; Ctrl-L repaints the whole terminal.
@MainActor
public final class TerminalApp {
    /// The stack of screens.
    public let navigator: Navigator
    /// The exit code once the app has finished (0 for a normal quit, 130 for Ctrl-C), nil while it runs.
    public private(set) var exitCode: Int32?
    /// Whether colours are drawn (set from the environment by ``run(environment:)``).
    public var colors = true
    /// How pictures are drawn (set from the environment by ``run(environment:)``).
    public var pictures = PictureMode.halfBlocks
    /// The terminal's cell size in pixels (read from the terminal before each frame by ``run(environment:)``).
    public var cellPixels = CellPixelSize.assumed
    /// Whether the terminal shows 24-bit colours (set from the environment by ``run(environment:)``).
    public var trueColor = true
    /// The animation frame counter handed to screens in ``RenderContext/frame``.
    public private(set) var frame = 0
    /// How long keys typed while the top screen isn't ready for them (``Screen/isReadyForKeys``) are kept
    /// for it at most: past that they go to it as it is, so a load that never ends doesn't swallow them (a q
    /// among them). Counted from the first key kept, and again each time a ready screen took one.
    public var keyHoldLimit: Duration = .seconds(10)
    /// The keys kept for a screen that isn't ready, in order, at most ``maximumKeptKeys``, and when the
    /// current wait for one began.
    private var keptKeys: [Key] = []
    private var keptSince: ContinuousClock.Instant?
    static let maximumKeptKeys = 256
    /// What a screen threw for a kept key given to it while drawing, thrown by the next ``send(_:)``.
    private var deferredError: (any Error)?

    /// Creates an app showing `root`.
    public init(root: any Screen) {
        navigator = Navigator(root: root)
    }

    /// Creates an app whose root screen needs the navigator, e.g. a feature's root screen in a test:
    /// `try TerminalApp { try provider.makeRootScreen(navigator: $0) }`.
    public init(makeRoot: (Navigator) throws -> any Screen) rethrows {
        navigator = try Navigator(makeRoot: makeRoot)
    }

    /// Handles a key as if it were typed. While the top screen isn't ready for keys
    /// (``Screen/isReadyForKeys``), the key is kept and given to it once it is, or after ``keyHoldLimit``;
    /// Esc and Ctrl-C act at once, dropping what was kept.
    ///
    /// - Throws: Whatever the top screen throws; the app cannot go on after that.
    public func send(_ key: Key) throws {
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        if key == .escape || key == .interrupt {
            keptKeys.removeAll()
            keptSince = nil
        } else if !keptKeys.isEmpty || !navigator.top.isReadyForKeys {
            if keptKeys.isEmpty { keptSince = .now }
            if keptKeys.count < Self.maximumKeptKeys { keptKeys.append(key) }
            return try deliverKeptKeys()
        }
        try dispatch(key)
    }

    /// When the keys kept now go to the top screen whether it is ready or not; `nil` when none are kept.
    var keptKeysDeadline: ContinuousClock.Instant? { keptKeys.isEmpty ? nil : keptSince.map { $0 + keyHoldLimit } }

    /// Gives the keys kept while the top screen wasn't ready to the screens, in order: each to the top screen
    /// once it is ready (an Enter among them may open another screen, which waits for the rest), or to
    /// whatever screen is on top once ``keyHoldLimit`` has passed. The run loop calls it after every event,
    /// and ``render(size:)`` before drawing.
    ///
    /// - Throws: Whatever a screen throws for one of the keys.
    public func deliverKeptKeys() throws {
        while let key = keptKeys.first, exitCode == nil {
            let expired = keptKeysDeadline.map { ContinuousClock.now >= $0 } ?? true
            guard navigator.top.isReadyForKeys || expired else { return }
            keptKeys.removeFirst()
            if !expired { keptSince = .now }
            try dispatch(key)
        }
        if keptKeys.isEmpty { keptSince = nil }
    }

    private func dispatch(_ key: Key) throws {
        switch try navigator.top.handle(key) {
        case .handled: return
        case .exit: exitCode = 0
        case .ignored:
            switch key {
            case .escape: leave()
            case .interrupt: exitCode = 130
            case .character("q") where !navigator.isPresentingModal: exitCode = 0
            case .character("?") where !navigator.isPresentingModal: showKeys()
            default: break
            }
        }
    }

    /// Goes back from the top screen, first asking its ``Screen/leavingQuestion`` if it has one.
    private func leave() {
        guard let question = navigator.top.leavingQuestion else {
            navigator.back()
            return
        }
        navigator.confirm(title: "Discard", message: question, confirmLabel: "Discard") { [navigator] discard in
            if discard { navigator.back() }
        }
    }

    /// Every key of the top screen (``Screen/keyHelp``) and the app's own, in a dialog. Where the list's
    /// own keys are listed (``ListSelection/keyHelp``), they say what the footer's "↑↓ move" says, which is
    /// left out (the dialog listed both).
    private func showKeys() {
        let items =
            navigator.top.keyHelp + helpItems
            + [HelpItem("q", "quit"), HelpItem("Ctrl-L", "repaint"), HelpItem("?", "these keys")]
        let listsMoves = items.contains(where: ListSelection.keyHelp.contains)
        var seen = Set<String>()
        let unique = items.filter { !(listsMoves && $0.key == "↑↓") && seen.insert($0.key).inserted }
        navigator.presentAlert(title: "Keys", message: unique.map { "\($0.key)  \($0.action)" }.joined(separator: "\n"))
    }

    /// Moves animations one frame on (what a timer does about ten times a second while the top screen
    /// animates).
    public func advanceFrame() {
        frame += 1
    }

    /// Draws the whole app at `size`: title bar, the screens, help line; first, the keys kept for a screen
    /// that is ready now go to it (what one throws, the next ``send(_:)`` throws).
    public func render(size: TerminalSize) -> ScreenBuffer {
        if !keptKeys.isEmpty, deferredError == nil {
            do { try deliverKeptKeys() } catch { deferredError = error }
        }
        let canvas = Canvas(size: size)
        draw(in: canvas)
        return canvas.buffer
    }

    /// The keys shown in the help line: the top screen's, plus `Esc back` when it can be left and does not
    /// say what Esc does itself.
    public var helpItems: [HelpItem] {
        var items = navigator.top.helpItems
        if navigator.canGoBack && !items.contains(where: { $0.key == "Esc" }) { items.append(HelpItem("Esc", "back")) }
        return items
    }

    private func draw(in canvas: Canvas) {
        let size = canvas.size
        guard size.height >= 3 else { return }
        let context = RenderContext(
            frame: frame, colors: colors, pictures: colors ? pictures : .off, cellPixels: cellPixels,
            trueColor: colors && trueColor)
        StatusLine(left: navigator.path.joined(separator: " › ")).draw(in: canvas.rows(0, count: 1))
        let content = canvas.canvas(in: Region(column: 0, row: 1, width: size.width, height: size.height - 2))
        let entries = navigator.entries
        let base = entries.lastIndex { $0.presentation == .push } ?? 0
        entries[base].screen.draw(
            in: content.canvas(
                in: Region(
                    column: 1, row: 1, width: size.width - 2,
                    height: content.size.height - 1)),
            context: context)
        for entry in entries[(base + 1)...] {
            let box = entry.screen.preferredModalSize(in: content.size)
            let area = Region(
                column: (content.size.width - box.width) / 2, row: (content.size.height - box.height) / 2,
                width: box.width, height: box.height)
            content.removePictures(overlapping: area)
            let inside = Frame(title: entry.screen.title).draw(in: content.canvas(in: area))
            entry.screen.draw(in: inside, context: context)
        }
        // After the screens: a screen's keys may depend on what it just drew at this size (text that
        // scrolls only when it doesn't fit, ``TextScroll``).
        HelpLine(helpItems).draw(in: canvas.rows(size.height - 1, count: 1))
    }
}
