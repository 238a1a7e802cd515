import FoundationEssentials
import Glibc
import StrataBase
import StrataNetworking
import StrataPluginKit
import StrataTerminal

/// libFuzzer's entry: the input is what a plugin's helper writes to its socket, after two bytes that say how it
/// is read. The first picks the reader (its low two bits): 0, strata starting the helper (the handshake,
/// `PluginHelper.start`) and then running a command; 1, a command under way (`PluginHelper.run`); 2, a screen
/// session (`HelperScreenSession.read`); 3, the other way round: what strata sends, read by the helper's
/// readers (`HelperServer`, `HelperScreenServer`, `HelperHTTPClient`, `HelperTCPSockets`, `HelperUserFiles`).
/// The second byte is the size of each read (1-256 bytes), as `recv` may cut the stream anywhere.
/// In reader 3 a hello of version 6 (strata's opening) is the helper's handshake: the frame after it is what
/// the helper finds beside it (``HelperHandshake/strataVersions(after:on:)``).
///
/// The stream is cut into frames by ``HelperWire/frame(from:)`` as ``HelperChannel/receive()`` cuts it, and
/// each frame is read as the message of its direction (``HelperToHostMessage``, or ``HostToHelperMessage`` in
/// reader 3), the one codec both ends decode with; what isn't one ends the session, and what is goes where
/// that reader sends it: the output and error texts, the exit code, the HTTP requests (``HelperHTTPRelay``,
/// its ``HelperFetch`` judged by ``HelperNetwork``), the sockets asked for
/// (``HelperSocketGrants/answer(_:on:)``), the screen frames (``HelperScreenFrame``), the files asked for
/// (``HelperFileGrants/receive(_:)``). What strata answers goes to the real socket it would (a socketpair
/// here), and is read back by the helper's readers.
///
/// Where the harness differs from strata: the HTTP client answers every request it is given at once, with
/// 100 KiB (``AnsweringClient``; its task runs beside the reader, as in strata), the sockets strata would open are refused by a
/// stand-in, each socket request gets a grants object of its own (strata keeps one per command, which spaces
/// a command's connections out by half a second), and the user answers a file's prompt with no.
///
/// Checked: a frame read is at most the wire's largest, and its bytes read back as the same frame; a message
/// read reads back from the bytes it encodes to (a screen frame's header is sanitized as it is read, and a hello
/// of version 6 goes without its range: their numbers read back); a request
/// to a host the plugin didn't declare carries none of its keys; a file's prompt shows its purpose as one
/// clean line; a hello strata agrees to is of a version it speaks, and reads back from its bytes; the names
/// strata lists for a Tab are at most the most it lists, each in the folder typed and without a control character; the audit file
/// (``PluginAuditLog``, where each request, socket and file a helper asked for is recorded) holds no key.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let reader = Int(data[0] & 3)
    let readSize = Int(data[1]) + 1
    var stream = UnsafeBufferPointer(start: data + 2, count: size - 2)[...]
    var session = Session(reader: reader)
    var buffer: [UInt8] = []
    reading: while !stream.isEmpty {
        buffer += stream.prefix(readSize)
        stream = stream.dropFirst(readSize)
        while true {
            let frame: HelperWire.Frame
            do {
                guard let next = try HelperWire.frame(from: &buffer) else { break }
                frame = next
            } catch {
                let said = "sent \(error)"  // what the session ends saying
                if tracing { print("reader \(reader): \(said)") }
                break reading
            }
            precondition(frame.payload.count <= HelperWire.maximumPayload, "a frame of \(frame.payload.count) bytes was read")
            var bytes = frame.bytes
            precondition((try? HelperWire.frame(from: &bytes)) == frame && bytes.isEmpty, "a frame read doesn't read back from its bytes")
            let taken = session.take(frame)
            if tracing { print("reader \(reader): \(frame.kind) of \(frame.payload.count) bytes \(taken ? "taken" : "ends the session")") }
            guard taken else { break reading }
        }
    }
    session.end()
    Wire.drain()
    Audit.check()
    return 0
}

/// Whether each frame and what became of it is printed (`HELPER_WIRE_TRACE=1 Fuzz/run HelperWire --replay FILE`).
let tracing = getenv("HELPER_WIRE_TRACE") != nil

/// strata's end of a helper's socket, and the helper's, shared by every input: strata's end doesn't block (a
/// full socket is a failed send), and what strata sent is read back from the other after each input.
enum Wire {
    static let ends: (strata: Int32, helper: Int32) = {
        var ends: [Int32] = [-1, -1]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0, "no socketpair")
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (ends[0], ends[1])
    }()
    static let strata = HelperChannel(descriptor: ends.strata)
    static let helper = HelperChannel(descriptor: ends.helper)
    /// The helper's socket at its handshake, apart, so that nothing strata's tasks send meets it: strata's end
    /// writes the frame after the opening, the helper's reads it.
    static let handshake: (strata: HelperChannel, helper: HelperChannel) = {
        var ends: [Int32] = [-1, -1]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0, "no socketpair")
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        return (HelperChannel(descriptor: ends[0]), HelperChannel(descriptor: ends[1]))
    }()
    nonisolated(unsafe) static var pending: [UInt8] = []

    /// Reads what strata sent (answers, refusals; descriptors closed) and hands each frame to the helper's readers.
    static func drain() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(ends.helper, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            pending += chunk[..<count]
        }
        // What the helper's readers sent back (acknowledgements) goes nowhere.
        while chunk.withUnsafeMutableBytes({ recv(ends.strata, $0.baseAddress, $0.count, 0) }) > 0 {}
        while let frame = try? HelperWire.frame(from: &pending) {
            if tracing { print("  strata sent \(frame.kind): \(frame.text.prefix(160))") }
            HelperSide.take(frame)
        }
        // A frame cut by a full socket: start again at the next one sent.
        if (try? HelperWire.frame(from: &pending)) == nil, pending.count > HelperWire.maximumPayload { pending = [] }
    }
}

/// strata's HTTP client, answering every request at once with a head and 100 KiB (more than the relay's window,
/// so that what the helper acknowledges lets more go), without a network.
struct AnsweringClient: HTTPClient {
    static let body = [UInt8](repeating: 0x61, count: 100 << 10)

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse { HTTPResponse(status: 200, body: Self.body) }

    func stream(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPStreamPart, any Error> {
        let (stream, continuation) = AsyncThrowingStream<HTTPStreamPart, any Error>.makeStream()
        continuation.yield(.head(HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"])))
        continuation.yield(.bytes(Self.body))
        continuation.finish()
        return stream
    }
}

/// The sockets strata would open for a helper, refused: the fuzzer opens none.
struct RefusedSockets: TCPSockets {
    func listen(host: String, port: UInt16) throws(TCPSocketError) -> Int32 { throw .inUse("\(host):\(port)") }
    func connect(host: String, port: UInt16, timeoutSeconds: Double) throws(TCPSocketError) -> Int32 { throw .refused("\(host):\(port)") }
}

/// One session of strata with a helper, as the reader `reader` handles its frames.
struct Session {
    static let capabilities = PluginDescriptor.Capabilities(network: ["api.example.org", "*.example.net"])
    /// The plugin's key: a value of a variable it declared.
    static let key = "sk-fuzz-0123456789"
    static let network = HelperNetwork(
        pluginID: "fuzz", capabilities: capabilities, chosen: [ChosenHost(host: "127.0.0.1", port: 8080, setting: "server")],
        secrets: [key, "short"], audit: Audit.log, client: { AnsweringClient() })
    /// The folders the helper can write (a file in one is never handed over): one that doesn't exist, one that does.
    static let writable = ["/home/fuzz/.local/share/strata/fuzz", "/tmp"]
    static let granted: [(endpoint: CommandSpec.Endpoint, address: TCPAddress)] = [
        (.listen, TCPAddress(host: "127.0.0.1", port: 8080)), (.connect, TCPAddress(host: "example.org", port: 443)),
    ]

    /// The invocation a command's output goes through, on a terminal; each piece it writes is checked.
    static let invocation = CommandInvocation(arguments: [], isTerminal: true, output: checkWritten, error: checkWritten)

    /// What strata writes of a helper's output: a bell, a status line (a carriage return, one clean line, an
    /// erase to its end), or clean text with line feeds and tabs.
    @Sendable static func checkWritten(_ written: String) {
        if written == "\u{07}" { return }
        let erase = "\u{1B}[K"
        if written.hasPrefix("\r"), written.hasSuffix(erase) {
            let line = written.dropFirst().dropLast(erase.count)
            precondition(isShowable(String(line)), "a status line holds \(line.unicodeScalars.map(\.value))")
            return
        }
        let text = written.replacing("\n", with: "").replacing("\t", with: "")
        precondition(isShowable(text), "output written holds \(written.unicodeScalars.map(\.value))")
    }

    /// 0: the handshake, then a command (once the helper said hello); 1: a command; 2: a screen; 3: the helper.
    var reader: Int
    let http = HelperHTTPRelay(channel: Wire.strata, network: Session.network)
    let files = HelperFileGrants(helperWritable: Session.writable, workingDirectory: "/home/fuzz/work", home: "/home/fuzz", audit: Audit.log)
    /// Reader 3: strata's opening hello, until the frame after it is read with it.
    var opening: HelperWire.Frame?
    /// Reader 2: whether the screen's Tab was taken (strata lists a folder once for it).
    var tabTaken = false
    /// Reader 2: the pictures the last frame placed (``HelperScreenSession``'s).
    var pictures = HelperHeldPictures()

    init(reader: Int) { self.reader = reader }

    /// Handles `frame` as its reader does; false when that reader ends the session.
    mutating func take(_ frame: HelperWire.Frame) -> Bool {
        if reader == 3 {
            // HelperServer.serve: strata's opening, and strata's range beside it (or none, from a strata of 6).
            if let opening {
                self.opening = nil
                Self.handshake(after: opening, next: frame)
            } else if frame.kind == .hello, frame.number == HelperHandshake.opening {
                opening = frame
            } else {
                HelperSide.take(frame)
            }
            return true
        }
        // Every reader of strata's reads a frame as the helper's message first: what isn't one ends the session.
        guard let message = try? HelperToHostMessage(frame) else { return false }
        // What was read reads back from the bytes it encodes to; but a screen frame's header, sanitized as it is
        // read, and a hello of version 6, which a helper sends without its range.
        let again = try? HelperToHostMessage(message.frame)
        switch (message, again) {
        case (.frame, _): break
        case (.hello(let hello), .hello(let read)?):
            precondition(read.version == hello.version && read.load == hello.load && read.register == hello.register, "a hello doesn't read back")
        default: precondition(again == message, "a \(frame.kind) read doesn't read back from its bytes")
        }
        if reader == 0 {
            // PluginHelper.start: the helper's hello of the version both speak, or its refusal in words.
            guard case .hello(let hello) = message else { return false }
            guard HelperHandshake.refusal(of: hello) == nil else { return false }
            precondition(HelperVersions.spoken.contains(hello.version), "strata agreed to wire version \(hello.version)")
            reader = 1
            return true
        }
        switch message {
        case .output(let text) where reader == 1:
            // PluginHelper.relay: a bell, a status line, or text, written through the command's invocation as
            // it writes to strata's terminal; what reaches the terminal obeys nothing the helper wrote.
            let erase = "\u{1B}[K"
            if text == "\u{07}" {
                Self.invocation.bell()
            } else if text.hasPrefix("\r"), text.hasSuffix(erase) {
                Self.invocation.updateStatusLine(String(text.dropFirst().dropLast(erase.count)))
            } else {
                Self.invocation.write(text)
            }
            return true
        case .error(let text) where reader == 1:
            Self.invocation.writeError(text)
            return true
        case .exit where reader == 1: return false
        case .frame(var screen) where reader == 2:
            if screen.header.failure != nil { return false }
            guard (try? pictures.resolve(&screen)) != nil else { return false }
            let canvas = Canvas(size: TerminalSize(width: 80, height: 24))
            screen.draw(in: canvas)
            screen.drawPictures(in: canvas, mode: .kitty)
            precondition(screen.pictures.allSatisfy { $0.picture != nil }, "a placement strata took has no picture")
            _ = (screen.title, screen.helpItems, screen.keyHelp, screen.result)
            return true
        case .streamOpen(let fetch):
            Self.checkKeys(fetch)
            // A request strata sends is answered from its own task: wait (20 ms at most) for its head, as a
            // helper waits, so that what the input says next meets the stream under way.
            Wire.drain()
            http.open(fetch)
            var ready = pollfd(fd: Wire.ends.helper, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 20)
            return true
        case .streamAck(let id, let count):
            http.acknowledge(id, count: count)
            return true
        case .streamCancel(let id):
            http.cancel(id)
            return true
        case .socketOpen(let request):
            let grants = HelperSocketGrants(
                pluginID: "fuzz", granted: reader == 2 ? [] : Self.granted, advice: "Use its command line.", sockets: RefusedSockets(),
                audit: Audit.log)
            return grants.answer(request, on: Wire.strata)
        case .fileAsk(let ask) where reader == 2:
            switch files.receive(ask) {
            case .ask(let prompt):
                precondition(!prompt.purpose.contains { $0.isNewline } && isShowable(prompt.purpose), "a prompt's purpose isn't one clean line")
                guard let (answer, descriptor) = files.answer(allow: false) else { preconditionFailure("a prompt is up, but no answer") }
                precondition(descriptor == nil && answer.refusal == .denied)
                Wire.strata.send(HostToHelperMessage.fileAnswer(answer))
            case .answer(let answer, let descriptor):
                Wire.strata.send(HostToHelperMessage.fileAnswer(answer), descriptors: descriptor.map { [$0] } ?? [])
                if let descriptor { close(descriptor) }
            }
            return true
        case .completeAsk(let ask) where reader == 2:
            // HelperScreenSession: the first ask is the Tab's, and lists the folder typed (of this machine, read
            // only: the working directory is the fuzzer's); any other gets no names.
            let answer = ask.answer(listing: !tabTaken)
            tabTaken = true
            let folder = ask.typed.lastIndex(of: "/").map { String(ask.typed[...$0]) } ?? ""
            precondition(answer.id == ask.id && answer.paths.count <= FileNameCompletion.maximumNames, "\(answer.paths.count) names listed")
            for path in answer.paths {
                let scalars = path.unicodeScalars
                let name = scalars.dropFirst(folder.unicodeScalars.count)
                precondition(
                    scalars.starts(with: folder.unicodeScalars) && !name.contains { $0.properties.generalCategory == .control },
                    "a name listed for '\(ask.typed)' is \(scalars.map(\.value))")
            }
            return Wire.strata.send(HostToHelperMessage.completeAnswer(answer))
        case .hello, .refused, .output, .error, .exit, .frame, .fileAsk, .completeAsk, .pluginRecordAsk:
            // Out of turn for this reader.
            return false
        }
    }

    func end() {
        http.cancelAll()
        if let opening { Self.handshake(after: opening, next: nil) }
    }

    /// The helper's side of the handshake: strata's `opening`, and `next` beside it (`nil`: nothing, as from a
    /// strata of version 6), read as HelperServer reads them; a range it takes is one.
    static func handshake(after opening: HelperWire.Frame, next: HelperWire.Frame?) {
        // What a write of strata's would carry (its opening is two frames of 12 and 20 bytes).
        if let next, next.bytes.count <= 4_096 { Wire.handshake.strata.send(next) }
        let strata = HelperHandshake.strataVersions(after: opening, on: Wire.handshake.helper)
        if let strata {
            precondition(strata.lowest >= 1 && strata.lowest <= strata.highest, "the helper took strata's range \(strata)")
            _ = HelperVersions.spoken.common(with: strata).map { HelperHello(version: $0, load: .zero, register: .zero).payload }
        }
        // Anything it left unread (a frame cut by a full socket) goes, so the next input starts clean.
        while (try? Wire.handshake.helper.receive(until: .now)) != nil {}
    }

    /// What `HelperNetwork` sends for `fetch` to a host the plugin didn't declare holds none of its keys.
    static func checkKeys(_ fetch: HelperFetch) {
        guard case .success(let request) = network.request(for: fetch), let url = URL(string: request.url), let host = url.host,
            !capabilities.allowsHost(host)
        else { return }
        // As bytes: a Character's search misses a key a combining mark follows, which the host gets all the same.
        let key = Array(key.utf8)
        precondition(!Array(request.url.utf8).contains(key), "a key in the address of a request to \(host)")
        precondition(!request.headers.contains { Array($0.value.utf8).contains(key) }, "a key in a header's value of a request to \(host)")
        precondition(!(request.body?.contains(key) ?? false), "a key in the body of a request to \(host)")
    }
}

/// strata's audit of what the helper asked for, in a folder of the fuzzer's own (`$TMPDIR`), and what it wrote
/// since the last input, checked for the plugin's key: the host, path and method a helper chose are masked.
enum Audit {
    static let log: PluginAuditLog = {
        let state = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/strata-fuzz-\(getuid())"
        // The host fills the mask with the keys it knows of as it starts.
        SecretMask.claimWriter()?.add([Session.key])
        return PluginAuditLog(pluginID: "fuzz", environment: ["XDG_STATE_HOME": state])
    }()
    /// How much of the file is checked: what was there before this process started isn't its doing.
    nonisolated(unsafe) static var checked: Int = {
        var status = stat()
        return stat(log.file.path, &status) == 0 ? Int(status.st_size) : 0
    }()

    static func check() {
        let descriptor = open(log.file.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        // Renamed when it grew full: the new file is read from its start.
        if Int(status.st_size) < checked { checked = 0 }
        var written = [UInt8](repeating: 0, count: Int(status.st_size) - checked)
        let count = written.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(checked)) }
        guard count > 0 else { return }
        checked += count
        if written[..<count].contains(Array(Session.key.utf8)) {
            preconditionFailure("the audit file holds the plugin's key: \(String(decoding: written[..<count], as: UTF8.self))")
        }
    }
}

/// The helper's readers of what strata sends (HelperServer's reader, and what it hands frames to).
enum HelperSide {
    static let http = HelperHTTPClient(channel: Wire.helper)
    static let sockets = HelperTCPSockets(channel: Wire.helper)

    static func take(_ frame: HelperWire.Frame) {
        guard let message = try? HostToHelperMessage(frame) else { return }
        precondition((try? HostToHelperMessage(message.frame)) == message, "a \(frame.kind) read doesn't read back from its bytes")
        switch message {
        case .opening, .versions, .cancel: break
        case .run(let request): _ = request.words
        case .streamHead(let head): http.head(head)
        case .streamChunk(let id, let bytes): http.chunk(id, bytes)
        case .streamEnd(let end): http.end(end)
        case .socketAnswer(let answer):
            _ = answer.error
            sockets.deliver(answer, descriptor: nil)
        case .screen(let request): _ = request.key.flatMap(HelperScreenRequest.key(for:))
        case .fileAnswer(let answer): _ = answer.error
        case .completeAnswer(let answer): _ = answer.paths
        case .pluginRecord(let record?):
            precondition(HelperPluginRecord(payload: record.payload) == record, "a plugin record read doesn't read back from its bytes")
        case .pluginRecord(nil): break
        }
    }
}

/// Whether `text` holds nothing a terminal obeys: no C0 or C1 control, DEL, or bidirectional override.
func isShowable(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
