import Foundation
import StrataTesting
import Synchronization
import Testing

/// The bytes the real `strata` writes to a kitty terminal that reports its cell size in pixels (a
/// pseudo-terminal 80 × 24 cells of 9 × 20 pixels, shrunk to 60 × 18 and grown back), against a loopback TMDB,
/// with Movies in strata's process and in a sandboxed helper.
@Suite struct MoviesKittyProcessTests {
    /// How the terminal tells its cell size: in the window size (TIOCGWINSZ), or only when asked (CSI 16 t).
    enum Report: CaseIterable { case windowSize, answer }

    /// #46 parity: in a helper, the frames carry the pictures its screens place (``HelperScreenFrame/pictures``),
    /// and strata shows them as it does in its own process.
    @Test(.timeLimit(.minutes(10)), arguments: [(Report.windowSize, Isolation.none), (.answer, .none), (.windowSize, .process), (.answer, .process)])
    func kittyGetsEachPictureOnceWhileItHoldsItCompressedAndInItsCellsShape(_ report: Report, _ isolation: Isolation) async throws {
        try await showFilms(report, isolation)
    }

    func showFilms(_ report: Report, _ isolation: Isolation) async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.route("GET", "/3/search/movie", response: .json(MoviesProcessTests.page.replacingOccurrences(
            of: #""poster_path":null"#, with: #""poster_path":"/p.jpg""#)))
        let jpeg = try Data(contentsOf: BuildProducts.repositoryRoot.appendingPathComponent("Tests/Fixtures/Data/images/testorig.libjpeg-turbo.jpg"))
        server.route("GET", "/t/p/w342/p.jpg", response: LoopbackResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg))
        server.route("GET", "/t/p/w92/p.jpg", response: LoopbackResponse(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg))
        let sandbox = try Sandbox.feature("movies", isolation, settings: #"{"source": "tmdb", "baseURL": "\#(server.baseURL.absoluteString)", "imagesBaseURL": "\#(server.baseURL.absoluteString)"}"#)
        let terminal = try PseudoTerminal(columns: 80, rows: 24, pixelWidth: report == .windowSize ? 720 : 0,
                                          pixelHeight: report == .windowSize ? 480 : 0)
        defer { terminal.close() }
        try terminal.start([BuildProducts.strata, "--config", sandbox.config.path, "--data-dir", sandbox.data.path],
                           environment: MoviesProcessTests.key.merging(["TERM": "xterm-kitty", "XDG_STATE_HOME": sandbox.state.path]) { $1 })

        try await terminal.waitFor("the home screen") { $0.contains("quit") }
        #expect(terminal.output.contains(CSI16t) == (report == .answer), "asked only when the window has no pixels")
        if report == .answer { terminal.write("\u{1B}[6;20;9t") }
        for _ in 0..<6 where !terminal.output.contains("› Movies") {
            let before = terminal.output.count
            terminal.write("j")
            try await terminal.waitFor("the selection to move") { $0.count > before }
        }
        terminal.write("\r")
        try await terminal.waitFor("Movies") { $0.contains("Search") }
        terminal.write("fight\r")
        try await terminal.waitFor("the result's thumbnail") { $0.contains("c=2,r=1,C=1,q=2") }
        terminal.write("\r")
        // 78 × 21 cells for the screen: a poster column of 31 (21 rows of 20 px hold a 2:3 poster 31 columns of
        // 9 wide), and the 227 × 149 picture in 31 columns is 9 rows (279 × 180 px for 279 × 183).
        try await terminal.waitFor("the poster") { $0.contains(",c=31,r=9,C=1,q=2") }
        terminal.write("\u{1B}")
        try await terminal.waitFor("the list again") { $0.components(separatedBy: "c=2,r=1,C=1,q=2").count >= 3 }
        terminal.write("\r")
        try await terminal.waitFor("the poster again") { $0.components(separatedBy: ",c=31,r=9,C=1,q=2").count >= 3 }

        let beforeResize = terminal.output
        let transmissions = beforeResize.components(separatedBy: "\u{1B}_Ga=t,").dropFirst()
        #expect(transmissions.count == 2, "the thumbnail and the poster, once each: \(transmissions.map { $0.prefix(40) })")
        #expect(transmissions.allSatisfy { $0.contains(",o=z,") }, "zlib-compressed")
        #expect(!beforeResize.contains("a=T,"), "nothing sent and shown at once, in full, again")

        // Issue 51: the window shrinks and grows back on the details, then the list and the film again. Each
        // size is drawn in full, which clears the screen, and kitty frees every picture with it.
        let pixels = report == .windowSize
        terminal.resize(columns: 60, rows: 18, pixelWidth: pixels ? 540 : 0, pixelHeight: pixels ? 360 : 0)
        let placements = { (output: String) in output.components(separatedBy: ",C=1,q=2").count }
        try await terminal.waitFor("the smaller poster") { placements($0) > placements(beforeResize) }
        terminal.resize(columns: 80, rows: 24, pixelWidth: pixels ? 720 : 0, pixelHeight: pixels ? 480 : 0)
        try await terminal.waitFor("the poster at its size again") { $0.components(separatedBy: ",c=31,r=9,C=1,q=2").count >= 4 }
        terminal.write("\u{1B}")
        try await terminal.waitFor("the list after the resize") { $0.components(separatedBy: "c=2,r=1,C=1,q=2").count >= 4 }
        terminal.write("\r")
        try await terminal.waitFor("the poster after the resize") { $0.components(separatedBy: ",c=31,r=9,C=1,q=2").count >= 5 }

        let output = terminal.output
        #expect(Self.placementsOfPicturesNotHeld(in: output).isEmpty, "placed by an id kitty freed with the screen's erase")
        #expect(Self.transmissionsOfPicturesHeld(in: output).isEmpty, "sent again while kitty held it")
        #expect(output.components(separatedBy: "\u{1B}_Ga=t,").dropFirst().allSatisfy { $0.contains(",o=z,") }, "zlib-compressed")
    }

    /// The ids that `output` places (`a=p`) without having transmitted them (`a=t`) since the screen was last
    /// erased (`CSI 2J`): kitty freed them with the erase (checked in kitty 0.26), so nothing is drawn.
    static func placementsOfPicturesNotHeld(in output: String) -> [String] {
        var missing: [String] = []
        for drawnInFull in output.components(separatedBy: "\u{1B}[2J") {
            var held: Set<Substring> = []
            for command in drawnInFull.components(separatedBy: "\u{1B}_G").dropFirst() {
                let id = imageID(command)
                if command.hasPrefix("a=t,") { held.insert(id) }
                if command.hasPrefix("a=d,d=I,") { held.remove(id) }
                if command.hasPrefix("a=p,") && !held.contains(id) { missing.append(String(id)) }
            }
        }
        return missing
    }

    /// The pictures that `output` transmits while kitty still holds the same one, sent since the screen was
    /// last erased: each is named by its size and the start of its data.
    static func transmissionsOfPicturesHeld(in output: String) -> [String] {
        var again: [String] = []
        for drawnInFull in output.components(separatedBy: "\u{1B}[2J") {
            var sent: [Substring: Substring] = [:]  // picture by id
            for command in drawnInFull.components(separatedBy: "\u{1B}_G").dropFirst() {
                let id = imageID(command)
                if command.hasPrefix("a=d,d=I,") { sent[id] = nil }
                guard command.hasPrefix("a=t,") else { continue }
                let picture = command.drop { $0 != "," }.dropFirst().drop { $0 != "," }.prefix(200)
                if sent.values.contains(picture) { again.append(String(picture.prefix(40))) }
                sent[id] = picture
            }
        }
        return again
    }

    /// The image id (`i=`) of a graphics command.
    static func imageID(_ command: String) -> Substring {
        command.range(of: ",i=").map { command[$0.upperBound...].prefix { $0.isNumber } } ?? ""
    }
}

private let CSI16t = "\u{1B}[16t"

/// A pseudo-terminal of a given size in cells and pixels, running one program, whose output is collected.
final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let slavePath: String
    private var pid: pid_t = 0
    private let collected = Mutex<[UInt8]>([])

    init(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) throws {
        // glibc's pseudo-terminal calls, looked up because Swift's Glibc module doesn't import them.
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        guard let open = dlsym(nil, "posix_openpt"), let grant = dlsym(nil, "grantpt"),
              let unlock = dlsym(nil, "unlockpt"), let name = dlsym(nil, "ptsname") else { throw POSIXError(.ENOSYS) }
        master = unsafeBitCast(open, to: Open.self)(O_RDWR | O_NOCTTY)
        guard master >= 0, unsafeBitCast(grant, to: Call.self)(master) == 0, unsafeBitCast(unlock, to: Call.self)(master) == 0,
              let path = unsafeBitCast(name, to: Name.self)(master) else {
            throw POSIXError(.EIO)
        }
        slavePath = String(cString: path)
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixelWidth), ws_ypixel: UInt16(pixelHeight))
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// Starts `argv` in a session of its own with the terminal as its controlling terminal and its standard
    /// input, output and error.
    func start(_ argv: [String], environment: [String: String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // setsid() runs before the file actions, so opening the terminal makes it the controlling one.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID, a GNU extension Swift's Glibc doesn't import
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, slavePath, O_RDWR, 0) }
        var merged = ProcessInfo.processInfo.environment
        for key in ["TMUX", "STY", "KITTY_WINDOW_ID", "TERM_PROGRAM", "NO_COLOR", "STRATA_CONFIG", "STRATA_DATA_DIR"] { merged[key] = nil }
        merged["SWIFT_BACKTRACE"] = "enable=no"
        merged.merge(environment) { $1 }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    }

    /// Gives the terminal a new size, as a terminal window does when the user resizes it: the kernel tells
    /// the program's foreground process group (SIGWINCH), strata's supervisor and the app it runs.
    func resize(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixelWidth), ws_ypixel: UInt16(pixelHeight))
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    func write(_ text: String) {
        _ = text.utf8CString.dropLast().withUnsafeBufferPointer { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Everything written so far, as text.
    var output: String {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            collected.withLock { $0 += buffer[0..<count] }
        }
        return String(decoding: collected.withLock { $0 }, as: UTF8.self)
    }

    /// Polls the output until `condition` holds, for at most `seconds`.
    func waitFor(_ what: String, seconds: Double = 20, _ condition: (String) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(output) {
            guard Date() < deadline else {
                throw HostFailed(message: "waited \(Int(seconds)) s for \(what); the terminal got: \(output.suffix(600).debugDescription)")
            }
            usleep(20_000)  // poll interval
        }
    }

    /// Ends the program (SIGTERM, then SIGKILL) and closes the terminal.
    func close() {
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            for _ in 0..<200 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }  // bounded wait for the exit
            if waitpid(pid, &status, WNOHANG) == 0 { kill(pid, SIGKILL); waitpid(pid, &status, 0) }
        }
        Glibc.close(master)
    }
}
