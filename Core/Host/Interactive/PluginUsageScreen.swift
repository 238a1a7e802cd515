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
        let (columns, hidden) = Self.fitting(PluginUsage.table(rows), width: canvas.size.width - 4)
        let notes =
            (PluginUsage.notes(rows, window: window)
            + (hidden.isEmpty ? [] : ["Not shown at this width: \(hidden.joined(separator: ", ")) (strata plugins top shows every column)."]))
            .flatMap { $0.wrapped(toWidth: canvas.size.width) }
        let lines = TextColumns.render(columns).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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

    /// The table's columns that fit in `width` cells, the least telling left out first (the limits, the
    /// isolation, the starts, ...; the id, the CPU and the memory always stay), and the headers of those left out.
    static func fitting(_ table: [[String]], width: Int) -> (table: [[String]], hidden: [String]) {
        var table = table, hidden: [String] = []
        for header in ["LIMITS CPU/MEM", "ISOLATION", "STARTS", "KILLED CPU/TIME/OTHER", "CRASHES", "REFUSED", "CROSSINGS", "CMDS", "WALL"] {
            guard TextColumns.render(table).split(separator: "\n").reduce(0, { max($0, $1.displayWidth) }) > width,
                let column = table.first?.firstIndex(of: header)
            else { break }
            table = table.map { row in row.enumerated().filter { $0.offset != column }.map(\.element) }
            hidden.append(header)
        }
        return (table, hidden)
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
