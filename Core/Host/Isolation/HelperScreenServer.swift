import FoundationEssentials
import Observation
import StrataBase
import StrataDI
import StrataHostKit
import StrataPluginKit
import StrataTerminal

/// The helper's side of a plugin's screens: the feature's screens and view models run here, in a
/// ``TerminalApp`` of their own (its stack, modals and alerts), which never touches a terminal. strata sends
/// keys and the render context (``HelperScreenRequest``); each answer is the frame the app drew
/// (``HelperScreenFrame``), and a change the screens make on their own (an `@Observable` view model after a
/// load, a push from a task, an animation) sends a frame unasked.
///
/// The app draws at the proxy's canvas size plus the title bar, help line and margins strata draws itself,
/// and the frame is the part the proxy shows. Pictures are drawn as strata's terminal can: as half blocks (their
/// cells cross), or placed through the kitty graphics protocol, which the frame carries (``HelperSentPictures``).
@MainActor
final class HelperScreenServer {
    private let channel: HelperChannel
    private let pluginID: String
    private let container: Container
    private var app: TerminalApp?
    private var context = HelperScreenRequest.Context(size: TerminalSize(width: 80, height: 20), context: RenderContext())
    private var bellsSent = 0
    private var pushPending = false
    private var framesSent = 0
    private var pictures = HelperSentPictures()
    private let requests: AsyncStream<HelperScreenRequest?>
    private let incoming: AsyncStream<HelperScreenRequest?>.Continuation

    /// Serves the screens plugin `pluginID` contributed to `container` (it is open in this helper).
    nonisolated init(channel: HelperChannel, pluginID: String, container: Container) {
        self.channel = channel
        self.pluginID = pluginID
        self.container = container
        (requests, incoming) = AsyncStream<HelperScreenRequest?>.makeStream()
        Task { @MainActor in
            for await request in self.requests { await self.handle(request) }
        }
    }

    /// Takes strata's screen request from the helper's reader (any thread), `nil` for one it couldn't read;
    /// they are handled in order on the main actor.
    nonisolated func receive(_ request: HelperScreenRequest?) {
        incoming.yield(request)
    }

    private func handle(_ request: HelperScreenRequest?) async {
        guard let request else {
            return send(HelperScreenFrame(header: .init(failure: "couldn't read strata's screen request")))
        }
        apply(request.context)
        var header = HelperScreenFrame.Header(sequence: request.sequence)
        switch request.action {
        case .open:
            do {
                guard let provider = try provider() else {
                    header.failure = "found no screens in the plugin"
                    return send(HelperScreenFrame(header: header))
                }
                let app = try TerminalApp { try provider.makeRootScreen(navigator: $0) }
                app.navigator.onChange = { [weak self] in self?.schedulePush() }
                self.app = app
                apply(request.context)
            } catch {
                header.failure = "couldn't make the plugin's screen: \(error)"
                return send(HelperScreenFrame(header: header))
            }
        case .key:
            guard let app, let key = request.key.flatMap(HelperScreenRequest.key(for:)) else { break }
            do {
                header.result = try Self.result(of: key, in: app)
            } catch {
                header.failure = "ended the screen, which stopped: \(error)"
                return send(HelperScreenFrame(header: header))
            }
        case .draw: break
        case .quit:
            await app?.quit()
        }
        send(frame(header))
    }

    /// The plugin's screen provider, `nil` when it contributed none.
    private func provider() throws -> (any FeatureScreenProvider)? {
        do {
            return try container.resolve((any FeatureScreenProvider).self, name: ExtensionPoint.screen.key(for: pluginID), requester: .host)
        } catch .notRegistered {
            return nil
        }
    }

    /// Handles `key` as the app would, except what strata does itself: Esc on the feature's root screen
    /// (strata leaves the feature, asking its question), and q or Ctrl-C that the screens ignore.
    private static func result(of key: Key, in app: TerminalApp) throws -> String {
        if key == .escape, !app.navigator.canGoBack {
            return try app.navigator.top.handle(key) == .ignored ? "ignored" : "handled"
        }
        try app.send(key)
        switch app.exitCode {
        case nil: return "handled"
        case 0?: return key == .character("q") ? "ignored" : "exit"
        default: return "ignored"
        }
    }

    private func apply(_ context: HelperScreenRequest.Context) {
        self.context = context
        guard let app else { return }
        app.colors = context.colors
        app.pictures = context.kitty == true ? .kitty : context.pictures ? .halfBlocks : .off
        app.trueColor = context.trueColor
        app.cellPixels = CellPixelSize(width: context.cellWidth, height: context.cellHeight) ?? .assumed
        if app.frame != context.frame { app.advanceFrame() }
    }

    /// The app's frame now, watching what the screens read while drawing: a change sends the next frame.
    private func frame(_ header: HelperScreenFrame.Header) -> HelperScreenFrame {
        guard let app else { return HelperScreenFrame(header: header) }
        // strata draws the title bar, the help line and a margin of one cell around the screen.
        let size = TerminalSize(width: context.width + 2, height: context.height + 3)
        let buffer = withObservationTracking {
            app.render(size: size)
        } onChange: { [weak self] in
            Task { @MainActor in self?.schedulePush() }
        }
        // After drawing, as the app draws its help line: a screen's keys may depend on what it just drew.
        var header = header
        let navigator = app.navigator
        header.path = navigator.path
        header.help = app.helpItems.map { [$0.key, $0.action] }
        header.keys = navigator.top.keyHelp.map { [$0.key, $0.action] }
        header.leavingQuestion = navigator.canGoBack ? nil : navigator.top.leavingQuestion
        header.isAnimating = navigator.top.isAnimating
        header.bells = navigator.bellsPending - bellsSent
        bellsSent = navigator.bellsPending
        let area = Region(column: 1, row: 2, width: context.width, height: context.height)
        return pictures.place(buffer.pictures, in: area, on: HelperScreenFrame(header: header, buffer: buffer, area: area))
    }

    /// Sends a frame unasked, once, after whatever else the main actor has to do now, unless a frame went
    /// out meanwhile (the answer to the key that made the change shows it).
    private func schedulePush() {
        guard !pushPending else { return }
        pushPending = true
        let sent = framesSent
        Task { @MainActor in
            self.pushPending = false
            if self.app != nil, self.framesSent == sent { self.send(self.frame(HelperScreenFrame.Header())) }
        }
    }

    private func send(_ frame: HelperScreenFrame) {
        if frame.pictures.isEmpty { pictures.forget() }
        framesSent &+= 1
        channel.send(HelperToHostMessage.frame(frame))
    }
}
