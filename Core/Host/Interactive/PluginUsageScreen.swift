import StrataTerminal

/// `t` on the home screen: `strata plugins top` as a screen, for the helpers that ended since this strata
/// started (`w` cycles to today and to all), most CPU time first, read again once a second while it shows.
@MainActor
final class PluginUsageScreen: Screen {
    let title = "Plugin usage"
    private let load: (PluginUsage.Window) -> [PluginUsage]
    private(set) var window = PluginUsage.Window.run
    private(set) var rows: [PluginUsage] = []
    private var lastSecond = -1
    private var selection = ListSelection()

    /// `load` gives the rows of a window, sorted (``PluginUsage/rows(_:window:)``).
    init(load: @escaping (PluginUsage.Window) -> [PluginUsage]) {
        self.load = load
    }

    var isAnimating: Bool { true }
    var helpItems: [HelpItem] { [HelpItem("↑↓", "move"), HelpItem("w", window == .run ? "today" : window == .today ? "all" : "this run")] }
    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    func screenWillAppear() {
        rows = load(window)
    }

    func draw(in canvas: Canvas, context: RenderContext) {
        if context.frame / 10 != lastSecond {
            lastSecond = context.frame / 10
            rows = load(window)
        }
        let notes = PluginUsage.notes(rows, window: window)
        let lines = TextColumns.render(PluginUsage.table(rows)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Above the list's titles, which start after its selection mark.
        canvas.draw(lines.first ?? "", column: 2, row: 0, style: .bold)
        let listHeight = max(0, canvas.size.height - 2 - notes.count)
        let table = lines.dropFirst().filter { !$0.isEmpty }.map { ListRow($0) }
        ListView(rows: table, emptyText: "No plugins found.", titleColumnWidth: max(0, canvas.size.width - 4))
            .draw(in: canvas.canvas(in: Region(column: 0, row: 1, width: canvas.size.width, height: listHeight)), selection: &selection)
        for (index, note) in notes.enumerated() {
            canvas.draw(note, column: 0, row: 2 + listHeight + index, style: .dim)
        }
    }

    func handle(_ key: Key) throws -> KeyResult {
        if key == .character("w") {
            window = window == .run ? .today : window == .today ? .all : .run
            rows = load(window)
            return .handled
        }
        return selection.handle(key, itemCount: rows.count) == .ignored ? .ignored : .handled
    }
}
