import Foundation
import StrataTesting
import Testing

/// The app, in tmux, with features set to `"isolation": "process"`: their screens run in a sandboxed helper
/// and strata draws the frames it sends. Blocks adds a block through its form, Running lists a run, and a
/// helper that is killed or sends what no frame is takes the app home with a notice; strata goes on, and
/// the next open starts a fresh helper. (Before, opening such a feature showed "its screens don't run in a
/// helper process yet".) Running's setup form asking before Esc, and a run going in a helper saved as
/// cancelled when strata is told to stop, are in RunningAppProcessTests, which runs them in both isolations;
/// a track typed there, asked for on strata's prompt, in IsolatedFilePromptTests.
@Suite struct IsolatedAppTests {
    let app = InteractiveAppTests()

    /// Every feature but `isolated` off, and `isolated` in a helper (with `settings`, JSON).
    static func config(_ isolated: String, extra: String = "", settings: String = "{}") -> String {
        Isolation.process.config(isolated, settings: settings, alone: true, extra: extra)
    }

    @Test(.timeLimit(.minutes(10)))
    func blocksAddsABlockThroughItsFormInItsHelper() async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: Self.config("blocks"))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await open("Blocks", in: terminal, title: " Strata › Blocks")
        #expect(waitForHelper(of: "blocks", in: sandbox) != nil, "the screens run in a helper")
        try await select("Blocks", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("the blocks") { $0.contains { $0.contains("No blocks yet") } }
        try terminal.type("a")
        try await terminal.waitFor("the block form") { $0.contains { $0.contains("Title:") } }
        try terminal.type("Write")
        try await terminal.waitFor("the title typed") { $0.contains { $0.contains("Title: Write") } }
        try terminal.press("Enter")
        // The helper's dialog over its list, drawn in strata; q there is not a quit (as in process).
        try await terminal.waitFor("the dialog over the new block") { screen in
            screen.contains { $0.contains("Write") && $0.contains("4-hour blocks") } && screen.contains { $0.contains(#"Start "Write" now?"#) }
        }
        try terminal.type("q")
        try terminal.press("Escape")
        let list = try await terminal.waitFor("the list") { !$0.contains { $0.contains("now?") } }
        #expect(list.contains { $0.contains("Write") && $0.contains("4-hour blocks") }, "\(list.joined(separator: "\n"))")
        #expect(list.last?.contains("a add") == true, "the help line is the helper's top screen's: \(list.last ?? "")")
        try terminal.type("?")
        let keys = try await terminal.waitFor("the Keys dialog") { $0.contains { $0.contains("these keys") } }
        #expect(keys.contains { $0.contains("a add") }, "\(keys.joined(separator: "\n"))")
        try terminal.press("Escape")
        try await terminal.waitFor("the dialog to close") { !$0.contains { $0.contains("these keys") } }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
        #expect(helperEnds("blocks", in: sandbox), "the helper ends with strata")
    }

    /// Running's history lists a run, in strata's process and through its helper.
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func runningsHistoryListsARun(_ isolation: Isolation) async throws {
        let sandbox = try Sandbox()
        try sandbox.writeConfig(isolation.config("running", alone: true))
        let track = try Self.track(in: sandbox)  // the command runs in a helper too
        let imported = try sandbox.strata(["running", "import", track.path])
        #expect(imported.status == 0, "\(imported.stderr)")

        let (terminal, _) = try await app.startStrata(in: sandbox, config: isolation.config("running", alone: true))
        defer { terminal.close() }
        try await open("Running", in: terminal, title: " Strata › Running")
        try await select("History", in: terminal)
        try terminal.press("Enter")
        // 4.575 km, cut as `running track` writes every length (#50 item 2).
        let history = try await terminal.waitFor("the run in the history") { $0.contains { $0.contains("4.57 km") && $0.contains("38:29") } }
        #expect(history.first == " Strata › Running › History", "the title path is the helper's: \(history.first ?? "")")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// Movies from its offline catalog, in strata's process and in a helper: a search lists the films, and
    /// Enter opens one (before, the app said its screens don't run in a helper; the catalog's SQLite files are
    /// in its own folder).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func moviesSearchesAndOpensAFilm(_ isolation: Isolation) async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: isolation.config("movies", alone: true))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await open("Movies", in: terminal, title: " Strata › Movies")
        #expect(runsAsIsolated("movies", isolation, in: sandbox), "the screens run in a helper only when isolated")
        try terminal.type("alien", enter: true)
        try await terminal.waitFor("the films") { $0.contains { $0.contains("› Alien ") } && $0.last?.contains("Enter details") == true }
        try terminal.press("Enter")
        let film = try await terminal.waitFor("the film") { $0.first?.hasSuffix("› Alien") == true }
        #expect(film.contains { $0.contains("1979") }, "\(film.joined(separator: "\n"))")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
        #expect(helperEnds("movies", in: sandbox), "the helper ends with strata")
    }

    /// LuckyVicky's reply streams into its screen, in strata's process and in the helper: the first piece
    /// shows while the server holds the rest (before, a helper got the whole response at once, and 127.0.0.1
    /// was refused).
    @Test(.timeLimit(.minutes(10)), arguments: Isolation.allCases)
    func luckyVickysReplyStreamsIn(_ isolation: Isolation) async throws {
        let server = try LoopbackHTTPServer()
        let gate = try LoopbackGate()
        defer { gate.open(); server.stop() }
        server.route("POST", "/v1/chat/completions", response: GptIsolatedProcessTests.reply.holding(after: 1, until: gate))
        let settings = #"{"baseURL": "\#(server.url("/v1").absoluteString)"}"#
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: isolation.config("gpt", settings: settings, alone: true))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        try await select("LuckyVicky", in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("the personas") { $0.contains { $0.contains("Who should answer your trouble?") } }
        #expect(runsAsIsolated("gpt", isolation, in: sandbox), "the screens run in a helper only when isolated")
        try terminal.press("Enter")
        try await terminal.waitFor("the trouble input") { $0.last?.contains("Enter convert") == true }
        try terminal.type("I missed the bus")
        try terminal.press("Enter")
        let first = try await terminal.waitFor("the first piece") { $0.contains { $0.contains("Sunny") } }
        #expect(!first.contains { $0.contains("Sunny side up!") } && !gate.isOpen, "\(first.joined(separator: "\n"))")
        gate.open()
        try await terminal.waitFor("the whole reply") { $0.contains { $0.contains("Sunny side up!") } }
        try terminal.press("C-c")
        #expect(try await app.waitForExit(terminal) == 130)
    }

    /// A bell the helper's screen rings, at once on a key or later from a task, reaches the terminal.
    @Test(.timeLimit(.minutes(10)))
    func theHelpersBellsRing() async throws {
        let (terminal, sandbox) = try await openHostile()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        let output = sandbox.root.appendingPathComponent("output")
        try terminal.record(to: output)
        func bells() -> Int { ((try? Data(contentsOf: output)) ?? Data()).filter { $0 == 0x07 }.count }
        try terminal.type("b")
        try await terminal.waitFor("the bell of b") { _ in bells() == 1 }
        try terminal.type("B")
        try await terminal.waitFor("the bell of B") { _ in bells() == 2 }
        // Ctrl-C, which the helper's screen ignores, ends the app with 130 as in process.
        try terminal.press("C-c")
        #expect(try await app.waitForExit(terminal) == 130)
    }

    /// A resize reaches the helper: its dialog is drawn centred on the new width.
    @Test(.timeLimit(.minutes(10)))
    func aResizeReachesTheHelper() async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: Self.config("blocks"))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await open("Blocks", in: terminal, title: " Strata › Blocks")
        try terminal.type("?")
        func corner(_ screen: [String]) -> Int? {
            screen.first { $0.contains("┌─ Keys") }.flatMap { line in line.firstIndex(of: "┌").map { line.distance(from: line.startIndex, to: $0) } }
        }
        let wide = try await terminal.waitFor("the Keys dialog") { corner($0) != nil }
        try terminal.resize(width: 100, height: 30)
        let narrow = try await terminal.waitFor("the dialog centred on 100 columns") { screen in
            guard let now = corner(screen), let before = corner(wide) else { return false }
            return now < before
        }
        #expect(narrow.allSatisfy { $0.count <= 100 }, "\(narrow.joined(separator: "\n"))")
        try terminal.press("Escape")
        try await terminal.waitFor("the dialog to close") { corner($0) == nil }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// The isolated feature selected on the home screen has its helper started ahead, short of its plugin's
    /// code (it loads when the feature opens), and opening the feature opens that helper, not a fresh one; the
    /// home screen shown again starts the next. A spare never opened costs the plugin nothing in its accounting.
    @Test(.timeLimit(.minutes(10)))
    func theSelectedFeaturesHelperStartsAheadWithoutItsPluginAndOpeningItUsesThatHelper() async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: Self.config("blocks"))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        try await select("Blocks", in: terminal)
        let ahead = try #require(spare(of: "blocks", in: sandbox), "a helper started ahead for the selected feature")
        #expect(!Self.hasOpened("blocks", pid: ahead), "it hasn't loaded the plugin")
        try terminal.press("Enter")
        try await terminal.waitFor("Blocks to open") { $0.first == " Strata › Blocks" && $0.contains { $0.contains("Timers") } }
        #expect(waitForHelper(of: "blocks", in: sandbox) == ahead, "the helper started ahead serves the feature")
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen again") { $0.first == " Strata" && $0.contains(InteractiveAppTests.homeHelp) }
        #expect(helperEnds("blocks", in: sandbox), "leaving the feature ends its helper")
        let next = try #require(spare(of: "blocks", in: sandbox), "the next one started ahead")
        #expect(next != ahead)
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
        let accounting = sandbox.state.appendingPathComponent("strata/accounting/blocks.jsonl")
        let lines = try String(contentsOf: accounting, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1, "one line, for the helper that opened Blocks: \(lines)")
    }

    /// Selecting another isolated feature ends the helper started ahead for the one before; one killed while it
    /// waits is not used: opening starts a fresh helper.
    @Test(.timeLimit(.minutes(10)))
    func aHelperStartedAheadEndsWhenAnotherIsSelectedAndOneThatDiedIsNotUsed() async throws {
        let config = #"{"features": {"gpt": {"enabled": false}, "movies": {"enabled": false}, "blocks": {"isolation": "process"}, "running": {"isolation": "process"}}}"#
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: config)
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        try await select("Blocks", in: terminal)
        let blocks = try #require(spare(of: "blocks", in: sandbox))
        try await select("Running", in: terminal)
        let running = try #require(spare(of: "running", in: sandbox))
        let deadline = Date().addingTimeInterval(10)
        while helper(of: "blocks", in: sandbox, opened: false) != nil, Date() < deadline {
            usleep(20_000)  // poll interval
        }
        #expect(helper(of: "blocks", in: sandbox, opened: false) == nil, "Blocks' spare \(blocks) ended")
        #expect(kill(running, SIGKILL) == 0)
        while kill(running, 0) == 0 || errno != ESRCH, Date() < deadline {
            usleep(20_000)  // poll interval: until it is reaped
        }
        try terminal.press("Enter")
        try await terminal.waitFor("Running to open") { $0.first == " Strata › Running" && $0.contains { $0.contains("Records") } }
        #expect(waitForHelper(of: "running", in: sandbox).map { $0 != running } == true, "a fresh helper")
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen again") { $0.first == " Strata" && $0.contains(InteractiveAppTests.homeHelp) }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    @Test(.timeLimit(.minutes(10)))
    func aKilledHelperTakesTheAppHomeWithANoticeTheNextOpenWorksAndEscLeaves() async throws {
        let (terminal, sandbox) = try await app.startStrata(in: try Sandbox(), config: Self.config("blocks"))
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try await open("Blocks", in: terminal, title: " Strata › Blocks")
        let first = try #require(waitForHelper(of: "blocks", in: sandbox), "the screens run in a helper")
        #expect(kill(first, SIGKILL) == 0)
        let home = try await terminal.waitFor("the home screen with the notice") { $0.contains { $0.contains("Blocks closed:") } }
        #expect(home.contains { $0.contains("Blocks closed: plugin blocks's helper was killed (SIGKILL).") }, "\(home.joined(separator: "\n"))")
        #expect(home.first == " Strata")

        try terminal.press("Enter")
        try await terminal.waitFor("Blocks again") { $0.first == " Strata › Blocks" && $0.contains { $0.contains("Timers") } }
        #expect(waitForHelper(of: "blocks", in: sandbox).map { $0 != first } == true, "a fresh helper")
        // Esc on the feature's root leaves it, as in process, and its helper ends.
        try terminal.press("Escape")
        try await terminal.waitFor("the home screen again") { $0.first == " Strata" && $0.contains(InteractiveAppTests.homeHelp) }
        #expect(helperEnds("blocks", in: sandbox), "leaving the feature ends its helper")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// `g` writes a frame header of 4 GiB onto the helper's socket, `m` a screen frame whose lengths lie, and
    /// `s` hangs in the screen's key handler (strata waits 5 s for a frame).
    @Test(.timeLimit(.minutes(10)), arguments: [("g", "sent a frame strata can't read (a frame of"), ("m", "sent a frame strata can't read"), ("s", "didn't answer within 5 s")])
    func aHelperSendingWhatNoFrameIsOrHangingTakesTheAppHomeAndStrataStaysUp(_ key: String, _ reason: String) async throws {
        let (terminal, sandbox) = try await openHostile()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try terminal.type(key)
        let home = try await terminal.waitFor("the home screen with the notice") { $0.contains { $0.contains("Fixture Hostile closed:") } }
        #expect(home.contains { $0.contains("Fixture Hostile closed: plugin hostile's helper \(reason)") }, "\(home.joined(separator: "\n"))")
        #expect(helperEnds("hostile", in: sandbox), "the helper was ended")

        try terminal.press("Enter")
        try await terminal.waitFor("the screen again") { $0.contains { $0.contains("The hostile screen") } }
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    /// strata lists a folder for a helper's screen only for a Tab the user pressed, and once for it: Hostile's
    /// `l` asks for the names `/tm` completes to without one, and each key asks twice.
    @Test(.timeLimit(.minutes(10)))
    func strataListsAFolderForAHelperOnlyForATabAndOnce() async throws {
        let (terminal, sandbox) = try await openHostile()
        defer { terminal.close(); withExtendedLifetime(sandbox) {} }
        try terminal.type("l")
        let unasked = try await terminal.waitFor("the names without a Tab") { $0.contains { $0.contains("l listed [") } }
        #expect(unasked.contains { $0.contains("l listed [] then []") }, "\(unasked.joined(separator: "\n"))")
        try terminal.press("Tab")
        let listed = try await terminal.waitFor("the names for a Tab") { $0.contains { $0.contains("Tab listed [") } }
        #expect(listed.contains { $0.contains("Tab listed [/tmp/] then []") }, "\(listed.joined(separator: "\n"))")
        try terminal.type("q")
        #expect(try await app.waitForExit(terminal) == 0)
    }

    // MARK: - Helpers

    /// The app with the Hostile fixture in a helper, on its screen; the caller closes the terminal, and keeps
    /// the sandbox until then.
    func openHostile() async throws -> (TmuxTerminal, Sandbox) {
        let sandbox = try Sandbox()
        try sandbox.install(fixture: "Hostile", as: "Hostile")
        let (terminal, _) = try await app.startStrata(in: sandbox, config: Self.config("hostile", extra: #""pluginDirectories": ["plugins"], "#))
        do {
            try await open("Fixture Hostile", in: terminal, title: " Strata › Hostile")
            return (terminal, sandbox)
        } catch {
            terminal.close()
            throw error
        }
    }

    /// Running's test track copied into its data folder, the only one its helper may read.
    static func track(in sandbox: Sandbox) throws -> URL {
        let folder = sandbox.data.appendingPathComponent("running")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let track = folder.appendingPathComponent("lake.gpx")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: RunningAppProcessTests.track), to: track)
        return track
    }

    /// The app with Running in a helper, on its setup form (New run); the caller closes the terminal.
    func setupForm(in sandbox: Sandbox) async throws -> TmuxTerminal {
        let (terminal, _) = try await app.startStrata(in: sandbox, config: Self.config("running"))
        do {
            try await open("Running", in: terminal, title: " Strata › Running")
            try terminal.press("Enter")  // New run
            try await terminal.waitFor("the setup form") { $0.contains { $0.contains("› My track") } }
            return terminal
        } catch {
            terminal.close()
            throw error
        }
    }

    /// Selects `name` on the home screen, presses Enter, and waits for `title` in the title bar.
    func open(_ name: String, in terminal: TmuxTerminal, title: String) async throws {
        try await terminal.waitFor("the home screen") { $0.contains(InteractiveAppTests.homeHelp) }
        try await select(name, in: terminal)
        try terminal.press("Enter")
        try await terminal.waitFor("\(name) to open") { $0.first == title }
    }

    func select(_ name: String, in terminal: TmuxTerminal) async throws {
        try await BlocksAppTests().select(name, in: terminal)
    }

    /// Whether the helper of `id` that opened its plugin is gone within 10 s (it ends as its socket closes).
    func helperEnds(_ id: String, in sandbox: Sandbox) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while helper(of: id, in: sandbox) != nil {
            guard Date() < deadline else { return false }
            usleep(20_000)  // poll interval
        }
        return true
    }

    /// The sandboxed helper of plugin `id` serving `sandbox` that has its plugin open (a zombie is not running):
    /// its library, whose file name holds the id (`libBlocksPlugin.so`), is mapped. `opened` false: the helper
    /// started ahead for it (``HelperSpare``), which has not.
    func helper(of id: String, in sandbox: Sandbox, opened: Bool = true) -> pid_t? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.compactMap(pid_t.init).first { pid in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            let words = line.split(separator: "\0").map(String.init)
            return words.contains("__helper-sandboxed") && words.contains(id) && words.contains(sandbox.data.path)
                && Self.hasOpened(id, pid: pid) == opened
        }
    }

    /// Whether process `pid` maps a library whose file name holds `id`, in any case.
    static func hasOpened(_ id: String, pid: pid_t) -> Bool {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").contains { line in
            line.split(separator: "/").last.map { $0.lowercased().contains(id) && $0.hasSuffix(".so") } == true
        }
    }

    /// The helper started ahead for plugin `id`, once it runs (within 10 s).
    func spare(of id: String, in sandbox: Sandbox) -> pid_t? {
        waitForHelper(of: id, in: sandbox, opened: false)
    }

    /// The helper of plugin `id` (``helper(of:in:opened:)``), once /proc shows it: within 10 s. (Read once, /proc
    /// missed a helper that had drawn the feature's screen, in one CI run of the whole suite on a busy machine.)
    func waitForHelper(of id: String, in sandbox: Sandbox, opened: Bool = true) -> pid_t? {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let pid = helper(of: id, in: sandbox, opened: opened) { return pid }
            usleep(20_000)  // poll interval
        }
        return nil
    }

    /// Whether the screens of plugin `id` run where `isolation` says: in a helper that opened it, or in none.
    func runsAsIsolated(_ id: String, _ isolation: Isolation, in sandbox: Sandbox) -> Bool {
        isolation == .process ? waitForHelper(of: id, in: sandbox) != nil : helper(of: id, in: sandbox) == nil
    }
}
