import StrataBase
import StrataTerminal

/// How the app opens a process-isolated feature: each open starts a fresh helper (or opens the one started
/// ahead while the feature was selected: ``HelperSpare``), which runs the feature's screens
/// (``HelperScreenServer``), and shows them in one ``HelperProxyScreen``. The helper starts on a thread
/// of its own behind a ``HelperStartingScreen``: however long it takes (up to its load deadline), the app's keys
/// keep working, and Esc or q leave it.
struct HelperScreenProvider: FeatureScreenProvider {
    let command: HelperCommand
    /// The feature's name, for the notice when its helper ends.
    let displayName: String

    @MainActor func makeRootScreen(navigator: Navigator) throws -> any Screen {
        let (id, supervisor) = (command.pluginID, command.supervisor)
        if let refusal = supervisor.admitNow(id) { throw HomeFeature.ActivationFailed(description: refusal) }
        // A helper that dies (not one strata refused to start) counts toward its restarts' backoff and cap.
        let died: @Sendable (HelperFailure) -> Void = { if !$0.refused { supervisor.died(id, reason: $0.reason) } }
        let starting = HelperStartingScreen(displayName: displayName, navigator: navigator)
        let (command, displayName) = (command, displayName)
        let context = HelperScreenRequest.Context(size: TerminalSize(width: 80, height: 20), context: RenderContext())
        let started = detachThread(named: "strata-helper-start") {
            let result = Result { () throws(HelperFailure) -> HelperScreenSession in
                let session = HelperScreenSession(helper: try command.start(takingSpare: true), network: command.network)
                if case .failure(let problem) = session.request(.open, context: context) { throw problem }
                return session
            }
            if case .failure(let problem) = result { died(problem) }
            Task { @MainActor in
                starting.finish(result) { session, navigator in
                    HelperProxyScreen(session: session, context: context, displayName: displayName, navigator: navigator, died: died)
                }
            }
        }
        guard started else { throw HelperFailure(pluginID: id, reason: "can't start the thread that starts it") }
        return starting
    }
}

/// What the app shows while a feature's helper starts: its name, starting. Esc goes back, q quits and Ctrl-C
/// interrupts as on any screen; other keys typed meanwhile are kept, and go to the feature's screen once it
/// takes this one's place. (It keeps them itself rather than saying it isn't ready for keys
/// (``Screen/isReadyForKeys``), since then the app would keep q too: a helper may take its whole load deadline to
/// answer, and q must quit at once.) If the user left first, the helper is ended; if it failed, the app says so as it
/// does for a feature that can't be opened.
@MainActor
final class HelperStartingScreen: Screen {
    private let displayName: String
    private weak var navigator: Navigator?
    /// Keys typed while the helper starts, at most ``maximumKept``.
    private var kept: [Key] = []
    static let maximumKept = 256

    init(displayName: String, navigator: Navigator) {
        self.displayName = displayName
        self.navigator = navigator
    }

    var title: String { "\(displayName) (starting)" }
    var helpItems: [HelpItem] { [HelpItem("Esc", "back"), HelpItem("q", "quit")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw("Starting \(Sanitizer.sanitize(displayName))…", row: 0)
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .escape, .interrupt, .character("q"): return .ignored
        default:
            if kept.count < Self.maximumKept { kept.append(key) }
            return .handled
        }
    }

    /// The helper started (its screen made by `screen`) or failed.
    func finish(
        _ result: Result<HelperScreenSession, HelperFailure>,
        screen: (HelperScreenSession, Navigator) -> any Screen
    ) {
        guard let navigator, navigator.top === self else {
            if case .success(let session) = result { session.close() }
            return
        }
        _ = navigator.pop()
        switch result {
        case .success(let session):
            let shown = screen(session, navigator)
            navigator.push(shown)
            for key in kept where navigator.top === shown { _ = try? shown.handle(key) }
        case .failure(let problem): navigator.presentAlert(title: displayName, message: "\(displayName) could not be opened: \(problem)")
        }
    }
}

/// A feature's screen in strata whose screens run in the plugin's helper: it draws the helper's last frame
/// into its canvas, and sends keys and the render context (a new size, an animation frame), each waiting
/// for the frame it brings. Its title is the helper's navigation path and its keys are the helper's top
/// screen's. When the helper asks for a file the user typed, strata's own prompt is drawn over the frame and
/// takes the keys until the user allows (Enter) or denies (Esc, q) it (``HelperFileGrants``). When the helper ends (it died, or sent what it may not), the app goes home with a one-line
/// notice, and strata goes on.
@MainActor
final class HelperProxyScreen: Screen {
    private let session: HelperScreenSession
    private let displayName: String
    private weak var navigator: Navigator?
    /// Tells the helper restarts that the helper ended other than by strata's closing it.
    private let died: @Sendable (HelperFailure) -> Void
    /// The context the helper drew its last answer for.
    private var context: HelperScreenRequest.Context
    /// strata's prompt for a file the helper asked for, as this screen last took it from the session (one
    /// value for a whole render: the help line and the box agree).
    private var prompt: HelperFileGrants.Prompt?

    init(
        session: HelperScreenSession, context: HelperScreenRequest.Context, displayName: String, navigator: Navigator,
        died: @escaping @Sendable (HelperFailure) -> Void
    ) {
        self.session = session
        self.died = died
        self.context = context
        self.displayName = displayName
        self.navigator = navigator
        prompt = session.files.pending
        session.observe { [weak self] event in
            Task { @MainActor in self?.handle(event) }
        }
    }

    deinit {
        session.close()
    }

    private var frame: HelperScreenFrame { session.latest }

    var title: String { frame.title.isEmpty ? displayName : frame.title }
    var helpItems: [HelpItem] { prompt == nil ? frame.helpItems : Self.promptKeys }
    var keyHelp: [HelpItem] { prompt == nil ? frame.keyHelp : Self.promptKeys }
    private static let promptKeys = [HelpItem("Enter", "allow"), HelpItem("Esc", "deny")]
    var isAnimating: Bool { frame.header.isAnimating }
    var leavingQuestion: String? { frame.header.leavingQuestion }

    func draw(in canvas: Canvas, context: RenderContext) {
        let wanted = HelperScreenRequest.Context(size: canvas.size, context: context)
        if wanted != self.context, session.ended == nil {
            self.context = wanted
            // Drawing must not change the stack: an ended helper takes the app home after this frame.
            if case .failure(let problem) = session.request(.draw, context: wanted) {
                Task { @MainActor in self.goHome(problem) }
            }
        }
        ringBells()
        let frame = frame
        frame.draw(in: canvas)
        let message = prompt.map(promptMessage)
        let box = message.map { promptBox($0, in: canvas) }
        frame.drawPictures(in: canvas, mode: context.pictures, except: box)
        if let message, let box { TextBlock(message).draw(in: Frame(title: "strata").draw(in: canvas.canvas(in: box))) }
    }

    /// strata's own question, boxed and titled "strata" over the bottom of the helper's frame.
    private func promptMessage(_ prompt: HelperFileGrants.Prompt) -> String {
        let purpose = prompt.purpose.isEmpty ? "" : " (\(prompt.purpose))"
        return "\(Sanitizer.sanitize(displayName)) asks to read \(Sanitizer.sanitize(prompt.path))\(purpose). Enter: allow · Esc: deny"
    }

    /// Where the question is boxed: the bottom rows of `canvas`, where none of the frame's pictures is placed
    /// (the terminal would draw it over the text).
    private func promptBox(_ message: String, in canvas: Canvas) -> Region {
        let height = min(canvas.size.height, TextBlock(message).height(forWidth: max(1, canvas.size.width - 4)) + 2)
        return Region(column: 0, row: canvas.size.height - height, width: canvas.size.width, height: height)
    }

    func handle(_ key: Key) throws -> KeyResult {
        if prompt != nil {
            // The prompt's keys are strata's: none reaches the helper while it is up.
            switch key {
            case .enter: session.answerFile(allow: true)
            case .escape, .character("q"): session.answerFile(allow: false)
            default: return .handled
            }
            prompt = session.files.pending
            return .handled
        }
        guard let token = HelperScreenRequest.token(for: key) else { return .ignored }
        switch session.request(.key, key: token, context: context) {
        case .success(let answer):
            ringBells()
            return answer.result
        case .failure(let problem):
            goHome(problem)
            return .handled
        }
    }

    func appWillQuit() async {
        _ = session.request(.quit, context: context)
        session.close()
    }

    private func handle(_ event: HelperScreenSession.Event) {
        switch event {
        case .redraw:
            session.takeRedraw()
            ringBells()
            navigator?.setNeedsRedraw()
        case .asks:
            prompt = session.files.pending
            navigator?.setNeedsRedraw()
        case .ended(let problem): goHome(problem)
        }
    }

    /// Rings what the helper's frames rang (the app rings after the frame it draws next).
    private func ringBells() {
        for _ in 0..<session.takeBells() { navigator?.ringBell() }
    }

    /// The helper ended (it died, hung or sent what it may not): back to the home screen with the reason as
    /// its notice, if this screen is still on the stack.
    private func goHome(_ problem: HelperFailure) {
        guard let navigator, navigator.entries.contains(where: { $0.screen === self }) else { return }
        died(problem)
        navigator.popToRoot()
        (navigator.entries.first?.screen as? HomeScreen)?.notice = "\(displayName) closed: \(problem.description)."
    }
}
