import StrataTerminal
import Testing

@testable import StrataHost

/// `t` on the home screen opens `plugins top` as a screen: rows as given (most CPU first), read again once a
/// second, and `w` cycling the window.
@MainActor @Suite struct PluginUsageScreenTests {
    final class Placeholder: Screen {
        let title = "placeholder"
        func draw(in canvas: Canvas, context: RenderContext) {}
        func handle(_ key: Key) throws -> KeyResult { .ignored }
    }

    final class Loads {
        var windows: [PluginUsage.Window] = []
    }

    static func row(_ id: String, cpuMicroseconds: Int, isolation: IsolationSettings.Mode = .process) -> PluginUsage {
        var settings = IsolationSettings()
        settings.mode = isolation
        let records = isolation == .none ? [] : [HelperAccounting.Record(id: id, start: 0, end: 3, commands: 2, cpuMicroseconds: cpuMicroseconds, peakKilobytes: 30_720, ended: .exit)]
        return PluginUsage(id: id, isolation: settings, records: records, audit: .init(crossings: 4, refusals: 1))
    }

    func text(of screen: any Screen, frame: Int = 0, width: Int = 160) -> String {
        let canvas = Canvas(size: TerminalSize(width: width, height: 12))
        screen.draw(in: canvas, context: RenderContext(frame: frame))
        return canvas.buffer.lines.joined(separator: "\n")
    }

    @Test func theHomeScreensTOpensTheUsageOfThisRunAndWCyclesTheWindow() throws {
        let navigator = Navigator(root: Placeholder())
        let home = HomeScreen(features: [], navigator: navigator)
        navigator.push(home)
        #expect(try home.handle(.character("t")) == .ignored, "no usage given: no t")
        let loads = Loads()
        home.usage = { window in
            loads.windows.append(window)
            return [Self.row("hostile", cpuMicroseconds: 1_250_000), Self.row("movies", cpuMicroseconds: 0, isolation: .none)]
        }
        #expect(home.helpItems.contains(HelpItem("t", "usage")))
        #expect(try home.handle(.character("t")) == .handled)
        let screen = try #require(navigator.top as? PluginUsageScreen)
        screen.screenWillAppear()
        let shown = text(of: screen)
        #expect(shown.contains("hostile") && shown.contains("1.25 s") && shown.contains("30.0 MiB") && shown.contains("300 s/cmd / 1 GiB"), "\(shown)")
        #expect(shown.contains("Helpers that ended since this strata started"), "\(shown)")
        #expect(shown.contains("movies: ? because it runs inside strata"), "\(shown)")
        #expect(try screen.handle(.character("w")) == .handled)
        #expect(text(of: screen).contains("Helpers that ended today"))
        // Read again on the next second's frame, not on every frame.
        let before = loads.windows.count
        _ = text(of: screen, frame: 10)
        _ = text(of: screen, frame: 11)
        #expect(loads.windows.count == before + 1)
        #expect(loads.windows.first == .run && loads.windows.last == .today)
    }

    /// In an 80-column terminal the table is 121 wide: before, its right half (crossings, refusals, crashes,
    /// kills) and the end of every note were cut off without a word. Now the least telling columns make room,
    /// a note names them, and the notes wrap.
    @Test func at80ColumnsTheTellingColumnsAndEveryWordOfTheNotesShow() throws {
        let screen = PluginUsageScreen { _ in
            [Self.row("hostile", cpuMicroseconds: 1_250_000)] + ["blocks", "gpt", "movies"].map { Self.row($0, cpuMicroseconds: 0, isolation: .none) }
        }
        screen.screenWillAppear()
        let shown = text(of: screen, width: 80)
        let lines = shown.split(separator: "\n").map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
        for header in ["ID", "CPU", "PEAK MEM", "CROSSINGS", "REFUSED"] { #expect(shown.contains(header), "\(header): \(shown)") }
        #expect(shown.contains("1.25 s") && shown.contains("30.0 MiB"), "\(shown)")
        let prose = lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("›") }.joined(separator: " ")
        #expect(prose.contains("Not shown at this width: LIMITS CPU/MEM"), "\(shown)")
        // One note for the three inside strata: before, a line each, which took the list's rows.
        #expect(prose.contains("blocks, gpt, movies: ? because each runs inside strata (isolation none): its CPU, memory and crossings can't be told from strata's own."), "\(shown)")
    }
}
