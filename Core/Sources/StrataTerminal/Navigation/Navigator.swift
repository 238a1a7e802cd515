/// The stack of screens an app shows: the top screen receives keys; pushed screens replace the screen below
/// them, modally presented screens are drawn in a box over it.
///
/// The first screen (the root, e.g. the home screen) is never popped. Esc, when the top screen ignores it,
/// dismisses a modal or pops a pushed screen.
///
/// ```swift
/// navigator.push(DetailsScreen(…))                       // Strata › Movies › Dune
/// navigator.present(AlertScreen.confirm(title: "Delete?", …) { confirmed in … })
/// navigator.pop()
/// ```
@MainActor
public final class Navigator {
    /// How a screen was put on the stack.
    public enum Presentation: Hashable, Sendable {
        /// Pushed: it replaces what is below it on the screen.
        case push
        /// Presented modally: drawn in a box over what is below it.
        case modal
    }

    /// One screen on the stack and how it got there.
    public struct Entry {
        /// The screen.
        public let screen: any Screen
        /// How it was put on the stack.
        public let presentation: Presentation
    }

    /// The screens, bottom (the root) first.
    public private(set) var entries: [Entry]

    /// Called after every change of the stack, ``setNeedsRedraw()`` and ``ringBell()``: the app that shows
    /// the stack sets it to redraw (``TerminalApp/run(environment:)`` does, as does strata for a screen that
    /// runs in a plugin's helper process).
    public var onChange: (() -> Void)?

    /// Creates a stack holding `root`.
    public init(root: any Screen) {
        entries = [Entry(screen: root, presentation: .push)]
        root.screenWillAppear()
    }

    /// Creates a stack whose root screen needs the navigator itself (to push or present later).
    ///
    /// - Parameter makeRoot: Makes the root screen; it may keep the navigator (weakly) but must not push
    ///   or present while it runs.
    public init(makeRoot: (Navigator) throws -> any Screen) rethrows {
        entries = []
        let root = try makeRoot(self)
        entries = [Entry(screen: root, presentation: .push)]
        root.screenWillAppear()
    }

    /// The screen that receives keys.
    public var top: any Screen { entries[entries.count - 1].screen }

    /// Whether the top screen was presented modally.
    public var isPresentingModal: Bool { entries.count > 1 && entries[entries.count - 1].presentation == .modal }

    /// Whether the top screen can be left (it is not the root).
    public var canGoBack: Bool { entries.count > 1 }

    /// The titles from the root to the top, for the title bar.
    public var path: [String] { entries.map(\.screen.title) }

    /// Shows `screen` in place of the current top screen.
    public func push(_ screen: any Screen) {
        append(Entry(screen: screen, presentation: .push))
    }

    /// Shows `screen` in a box over the current top screen (a dialog, a picker).
    public func present(_ screen: any Screen) {
        append(Entry(screen: screen, presentation: .modal))
    }

    /// Removes the top screen if it was pushed (not the root, not a modal).
    ///
    /// - Returns: Whether a screen was removed.
    @discardableResult
    public func pop() -> Bool {
        guard canGoBack, !isPresentingModal else { return false }
        removeLast(1)
        return true
    }

    /// Removes the topmost modal screen and everything pushed above it.
    ///
    /// - Returns: Whether a modal screen was removed.
    @discardableResult
    public func dismiss() -> Bool {
        guard let index = entries.lastIndex(where: { $0.presentation == .modal }), index > 0 else { return false }
        removeLast(entries.count - index)
        return true
    }

    /// Removes every screen above the root.
    public func popToRoot() {
        guard canGoBack else { return }
        removeLast(entries.count - 1)
    }

    /// Goes back one step: dismisses a modal top screen, or pops a pushed one.
    ///
    /// - Returns: Whether anything was removed (false on the root).
    @discardableResult
    public func back() -> Bool {
        isPresentingModal ? dismiss() : pop()
    }

    /// Asks the app to draw again, for state that is not `@Observable` (a redraw after observable changes is
    /// automatic).
    public func setNeedsRedraw() {
        onChange?()
    }

    /// Rings the terminal's bell (BEL) after the next frame: for something the user should notice without
    /// looking, such as a timer's phase ending.
    public func ringBell() {
        bellsPending += 1
        onChange?()
    }

    /// Bells asked for and not yet rung; the app rings and clears them.
    public internal(set) var bellsPending = 0

    private func append(_ entry: Entry) {
        entries.append(entry)
        entry.screen.screenWillAppear()
        onChange?()
    }

    private func removeLast(_ count: Int) {
        entries.removeLast(count)
        top.screenWillAppear()
        onChange?()
    }
}
