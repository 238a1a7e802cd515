import FoundationEssentials
import Glibc
import StrataPluginKit
import StrataTerminal

/// The Hostile fixture's screen, for a helper that sends strata what no frame is: `g` writes a frame header
/// claiming 4 GiB straight onto the helper's socket (descriptor 3), `m` a frame of the screen kind whose
/// payload is garbage (each needs a helper: in process, nothing is written), and `s` hangs for a minute.
/// `b` rings the bell at once, `B` a moment later (from a task, as a timer's phase ends). `f` asks for the
/// user's `~/.ssh/id_rsa` (``UserFiles``) and shows what it got. Tab and `l` each ask twice for the names
/// `/tm` completes to (``UserFiles/completions(of:extensions:)``) and show both answers.
struct HostileScreenProvider: FeatureScreenProvider {
    let files: @Sendable () throws -> any UserFiles

    @MainActor func makeRootScreen(navigator: Navigator) throws -> any Screen { HostileScreen(navigator: navigator, files: files) }
}

@MainActor
final class HostileScreen: Screen {
    let title = "Hostile"
    private weak var navigator: Navigator?
    private let files: @Sendable () throws -> any UserFiles
    /// What `f` got: the file's first line, or the refusal, numbered by the asks answered.
    private var asked = ""
    private var answers = 0

    init(navigator: Navigator, files: @escaping @Sendable () throws -> any UserFiles) {
        self.navigator = navigator
        self.files = files
    }
    var helpItems: [HelpItem] { [HelpItem("g", "oversized frame"), HelpItem("m", "malformed frame"), HelpItem("s", "hang")] }

    func draw(in canvas: Canvas, context: RenderContext) {
        canvas.draw("The hostile screen", row: 0)
        TextBlock(asked).draw(in: canvas.rows(1, count: max(0, canvas.size.height - 1)))
    }

    func handle(_ key: Key) throws -> KeyResult {
        switch key {
        case .character("g"): write([0xFF, 0xFF, 0xFF, 0xF0, 12])
        case .character("m"): write([0, 0, 0, 9, 12, 0, 0, 0, 200, 1, 2, 3, 4])
        case .character("s"): sleep(60)
        case .character("f"):
            Task { @MainActor [files] in
                do {
                    let copy = try await files().readable("~/.ssh/id_rsa", purpose: "hostile test", extensions: [])
                    let text = (try? String(contentsOfFile: copy, encoding: .utf8)) ?? ""
                    self.answers += 1
                    self.asked = "\(self.answers) got: " + (text.split(separator: "\n").first.map(String.init) ?? "")
                } catch {
                    self.answers += 1
                    self.asked = "\(self.answers) refused: \(error)"
                }
                self.navigator?.setNeedsRedraw()
            }
        case .tab, .character("l"):
            let lists = (0..<2).map { _ in ((try? files())?.completions(of: "/tm", extensions: []) ?? []).joined(separator: " ") }
            asked = "\(key == .tab ? "Tab" : "l") listed [\(lists[0])] then [\(lists[1])]"
        case .character("b"): navigator?.ringBell()
        case .character("B"):
            Task { @MainActor [weak self] in
                try? await Task.sleep(for: .milliseconds(100))
                self?.navigator?.ringBell()
            }
        default: return .ignored
        }
        return .handled
    }

    private func write(_ bytes: [UInt8]) {
        var status = stat()
        guard fstat(3, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        _ = Glibc.write(3, bytes, bytes.count)
    }
}
