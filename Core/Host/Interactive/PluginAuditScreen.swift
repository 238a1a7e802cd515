import FoundationEssentials
import StrataBase
import StrataTerminal

/// A plugin's audit in the app (`a` on its row of the home screen): what its sandboxed helpers reached through
/// strata and what strata refused them, newest first, as `strata plugins audit ID` prints it; Enter shows the
/// chosen one whole (a refusal's reason is longer than a row), `r` reads them again.
@MainActor
final class PluginAuditScreen: Screen {
    let title: String
    private let id: String
    private let environment: [String: String]
    private var entries: [PluginAudit.Entry] = []
    /// The files of the audit that are there but weren't read, and why (``PluginAudit/Reading``).
    private var unread: [String] = []
    private var selection = ListSelection()

    private weak var navigator: Navigator?

    init(id: String, displayName: String, environment: [String: String], navigator: Navigator) {
        self.id = id
        self.navigator = navigator
        self.environment = environment
        title = "\(displayName) audit"
        reload()
    }

    private func reload() {
        let reading = PluginAudit.read(of: id, environment: environment)
        (entries, unread) = (reading.entries.reversed(), reading.unread)
    }

    var helpItems: [HelpItem] { [HelpItem("↑↓", "move"), HelpItem("Enter", "whole"), HelpItem("r", "reload")] }
    var keyHelp: [HelpItem] { helpItems + ListSelection.keyHelp }

    func draw(in canvas: Canvas, context: RenderContext) {
        let refused = entries.filter(\.refused).count
        canvas.draw("\(entries.count) crossings, \(refused) refused, newest first", row: 0, style: .bold)
        if let file = unread.first {
            canvas.draw("Not read: \(file).", row: 1, style: .color(.red))
        } else {
            canvas.draw("`strata plugins audit \(id) --learn` prints the capabilities that cover them.", row: 1, style: .dim)
        }
        let rows = entries.map { entry in
            ListRow(
                "\(entry.kind.rawValue.padded(toWidth: 8)) \(entry.summary)", detail: "\(PluginAuditReport.row(entry)[0])  \(entry.verdict)",
                style: entry.refused ? .color(.red) : .plain)
        }
        let empty =
            "Nothing recorded for \(id). strata records what a plugin in a sandboxed helper reaches through it; "
            + "a plugin run inside strata (\"isolation\": \"none\") crosses nothing."
        ListView(rows: rows, emptyText: empty)
            .draw(in: canvas.canvas(in: Region(column: 0, row: 3, width: canvas.size.width, height: canvas.size.height - 3)), selection: &selection)
    }

    func handle(_ key: Key) throws -> KeyResult {
        if key == .character("r") {
            reload()
            return .handled
        }
        if key == .enter, entries.indices.contains(selection.index) {
            let entry = entries[selection.index]
            navigator?.presentAlert(title: "\(entry.kind.rawValue) at \(PluginAuditReport.row(entry)[0])", message: "\(entry.summary)\n\(entry.verdict)")
            return .handled
        }
        return selection.handle(key, itemCount: entries.count) == .ignored ? .ignored : .handled
    }
}
