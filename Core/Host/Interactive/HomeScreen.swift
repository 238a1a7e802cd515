import StrataTerminal

/// The first screen of `strata`: the features, with the failed ones and their reasons; Enter opens a
/// feature's root screen, q quits.
@MainActor
final class HomeScreen: Screen {
    let title = "Strata"
    private(set) var features: [HomeFeature]
    /// One line above the features, e.g. the supervisor saying which plugin crashed the app last time, or
    /// why a feature's helper ended; in red, unless ``inform(_:)`` set it.
    var notice: String? {
        didSet { noticeStyle = .color(.red) }
    }
    private var noticeStyle = Style.color(.red)
    /// The feature opened last, whose screens may still be pushed over this one.
    private var lastOpened: String?
    private var selection = ListSelection()
    private weak var navigator: Navigator?
    /// Told the id of each feature opened, and `nil` when the home screen shows again (`strata dev`
    /// keeps it to reopen the feature after a rebuild).
    var onShow: ((String?) -> Void)?
    /// What each plugin's helpers cost since this strata started, for `t` (``PluginUsageScreen``); `nil`: no `t`.
    var usage: ((PluginUsage.Window) -> [PluginUsage])?
    /// strata's environment, which leads to the audit files `a` shows (``PluginAuditScreen``).
    var environment: [String: String] = [:]

    init(features: [HomeFeature], notice: String? = nil, navigator: Navigator) {
        self.features = features
        self.notice = notice
        self.navigator = navigator
    }

    func screenWillAppear() {
        onShow?(nil)
        prepareSelected()
    }

    /// Prepares the selected feature to open (``HomeFeature/prepare``), once the frame under way is drawn, if
    /// this screen is still the one shown then.
    private func prepareSelected() {
        guard features.indices.contains(selection.index) else { return }
        let prepare = features[selection.index].prepare
        Task { @MainActor [weak self] in
            guard let self, self.navigator?.top === self else { return }
            prepare()
        }
    }

    /// The feature whose screens are pushed over this one, if any (a dialog over this screen is not one).
    var openFeature: String? {
        guard let navigator, navigator.entries.count > 1, navigator.entries[1].presentation == .push else { return nil }
        return lastOpened
    }

    /// Shows `line` as the notice, as news rather than a problem.
    func inform(_ line: String) {
        notice = line
        noticeStyle = .plain
    }

    /// Shows `features` from now on (the config or the plugin folders changed), the same feature selected
    /// if it is still there.
    func replace(_ features: [HomeFeature]) {
        let selected = self.features.indices.contains(selection.index) ? self.features[selection.index].id : nil
        let index = features.firstIndex { $0.id == selected } ?? min(selection.index, max(0, features.count - 1))
        self.features = features
        selection = ListSelection(index: index)
        prepareSelected()
    }

    /// Opens the feature `id` as if it were chosen and Enter pressed; does nothing if there is none.
    func open(_ id: String) {
        guard let index = features.firstIndex(where: { $0.id == id }) else { return }
        selection = ListSelection(index: index)
        openSelected()
    }

    var helpItems: [HelpItem] {
        // `t` last: where the line is cut on a narrow terminal, `?` still lists it.
        [HelpItem("↑↓", "move"), HelpItem("Enter", "open"), HelpItem("a", "audit"), HelpItem("?", "keys"), HelpItem("q", "quit")]
            + (usage == nil ? [] : [HelpItem("t", "usage")])
    }

    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw("Features", row: 0, style: .bold)
        if let notice { canvas.draw(notice, row: 1, style: noticeStyle) }
        let rows = features.map { feature in
            ListRow(
                feature.displayName, detail: feature.detail,
                style: feature.state == .available ? .plain : feature.state == .disabled ? .dim : .color(.red))
        }
        let empty = "No plugins were found. Run `strata plugins list` to see where strata looked."
        ListView(rows: rows, emptyText: empty)
            .draw(
                in: canvas.canvas(
                    in: Region(
                        column: 0, row: 2, width: canvas.size.width,
                        height: canvas.size.height - 2)),
                selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .character("q"): return .exit
        case .enter:
            openSelected()
            return .handled
        case .character("t"):
            guard let usage, let navigator else { return .ignored }
            navigator.push(PluginUsageScreen(load: usage))
            return .handled
        case .character("a"):
            guard let navigator, features.indices.contains(selection.index) else { return .ignored }
            let feature = features[selection.index]
            navigator.push(PluginAuditScreen(id: feature.id, displayName: feature.displayName, environment: environment, navigator: navigator))
            return .handled
        default:
            let before = selection.index
            guard selection.handle(key, itemCount: features.count) != .ignored else { return .ignored }
            if selection.index != before { prepareSelected() }
            return .handled
        }
    }

    private func openSelected() {
        guard let navigator, features.indices.contains(selection.index) else { return }
        let feature = features[selection.index]
        let name = feature.displayName
        switch feature.state {
        case .disabled:
            navigator.presentAlert(
                title: name,
                message: "\(name) is disabled. Set "
                    + "`features.\(feature.id).enabled` to true in the config to use it.")
        case .failed(let reason):
            navigator.presentAlert(title: name, message: "\(name) could not be loaded: \(reason)")
        case .needsApproval(_, let grants):
            let message =
                "\(name) asks to:\n" + grants.map { "• \($0)." }.joined(separator: "\n")
                + "\nIt runs in a sandboxed helper that can reach nothing else. Enter: allow · Esc: not now"
            navigator.presentAlert(title: "\(name) needs your approval", message: message, buttons: ["Allow", "Not now"]) { [weak self] choice in
                guard choice == 0, let self else { return }
                do {
                    try feature.approve()
                } catch {
                    navigator.presentAlert(title: name, message: "\(name) was not allowed: \(error)")
                    return
                }
                guard let index = self.features.firstIndex(where: { $0.id == feature.id }) else { return }
                self.features[index] = HomeFeature(
                    id: feature.id, displayName: feature.displayName, summary: feature.summary, state: .available, activate: feature.activate)
                self.inform("Allowed \(name); recorded as `strata plugins allow \(feature.id)` does.")
                self.openSelected()
            }
        case .available:
            let provider: (any FeatureScreenProvider)?
            do {
                provider = try feature.activate()
            } catch {
                navigator.presentAlert(title: name, message: "\(name) could not be loaded: \(error)")
                return
            }
            guard let provider else {
                navigator.presentAlert(
                    title: name,
                    message: "\(name) has no interactive screens. "
                        + "Run `strata \(feature.id) --help` for its commands.")
                return
            }
            do {
                navigator.push(try provider.makeRootScreen(navigator: navigator))
                lastOpened = feature.id
                onShow?(feature.id)
            } catch {
                navigator.presentAlert(title: name, message: "\(name) could not be opened: \(error)")
            }
        }
    }
}
