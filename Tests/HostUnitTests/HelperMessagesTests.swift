import Foundation
import StrataBase
import StrataTerminal
import Testing
@testable import StrataHost

/// The one codec of the helper's wire: every message of either direction reads back as itself, its bytes are
/// those versions 6 and 7 put on the wire, and a payload cut short, too long or not its kind's is an error
/// for each kind, never a trap or a message.
@Suite struct HelperMessagesTests {
    static let context = HelperScreenRequest.Context(size: .init(width: 80, height: 20), context: .init())
    static let fetchAnswer = HelperFetch.Answer(id: 3, status: 200, headers: ["Content-Type": "text/plain"])

    /// One of each case strata sends (but the texts, which every byte string is).
    static let toHelper: [HostToHelperMessage] = [
        .opening(version: 6), .versions(.spoken),
        .run(HelperRequest(words: ["hostile", "echo", "héllo"], isTerminal: true)),
        .run(HelperRequest(words: ["running", "import", "lake.gpx"], isTerminal: false, files: [HelperFileArgument(index: 2, prefix: "", name: "lake.gpx")])),
        .cancel,
        .screen(HelperScreenRequest(sequence: 4, action: .key, key: "c:x", context: context)),
        .streamHead(fetchAnswer), .streamChunk(id: 3, bytes: [1, 2, 3]), .streamEnd(HelperFetch.Answer(id: 3, status: 200, failure: "gone")),
        .socketAnswer(HelperSocketRequest.Answer(id: 5, result: .failure(.refused("127.0.0.1:1")))),
        .fileAnswer(HelperFileAnswer(id: 6, path: "/home/u/lake.gpx", refusal: .tooLarge(1 << 20))),
        .completeAnswer(HelperPathCompletion.Answer(id: 7, paths: ["runs/", "runs.gpx"])),
        .pluginRecord(HelperPluginRecordTests.record),
    ]

    /// One of each case a helper sends, but the texts.
    static let toStrata: [HelperToHostMessage] = [
        .hello(HelperHello(version: 7, load: .microseconds(12), register: .milliseconds(3))),
        .hello(HelperHello(version: 6, load: .zero, register: .zero, versions: .rangeless)),
        .exit(130),
        .frame(
            HelperScreenFrame(
                header: .init(sequence: 2, result: "handled", path: ["Blocks"], help: [["q", "quit"]], width: 4, height: 2),
                rows: [[.init(style: .plain, text: "hi")], [.init(style: Style(foreground: .rgb(1, 2, 3), bold: true), text: "ok")]])),
        .streamOpen(HelperFetch(id: 1, url: "https://api.example.com/v1", method: "POST", headers: ["A": "b"], body: Data([0, 1]))),
        .streamAck(id: 1, count: 16384), .streamCancel(id: 1),
        .socketOpen(HelperSocketRequest(id: 2, endpoint: "connect", host: "example.org", port: 443)),
        .fileAsk(HelperFileAsk(id: 3, path: "~/lake.gpx", purpose: "a track to run", extensions: ["gpx"])),
        .completeAsk(HelperPathCompletion.Ask(id: 4, typed: "~/ru", extensions: [])),
        .pluginRecordAsk,
    ]

    @Test func everyMessageReadsBackAsItself() throws {
        for message in Self.toHelper { #expect(try HostToHelperMessage(message.frame) == message) }
        for message in Self.toStrata { #expect(try HelperToHostMessage(message.frame) == message) }
        #expect(try HostToHelperMessage(HostToHelperMessage.pluginRecord(nil).frame) == .pluginRecord(nil), "an empty record: read your config")
        for text in ["héllo", "", "\u{1B}[2J"] {
            #expect(try HelperToHostMessage(HelperToHostMessage.output(text).frame) == .output(text))
            #expect(try HelperToHostMessage(HelperToHostMessage.error(text).frame) == .error(text))
            #expect(try HelperToHostMessage(HelperToHostMessage.refused(text).frame) == .refused(text))
        }
        #expect(try HelperToHostMessage(HelperWire.Frame(.output, [0x68, 0xFF])) == .output("h\u{FFFD}"), "text is read as it came")
    }

    /// The bytes of versions 6 and 7, written by hand before the codec, are what it writes (strata's range now
    /// ends at 8).
    @Test func theBytesOnTheWireAreVersion7s() {
        #expect(HelperToHostMessage.exit(130).frame.bytes == [0, 0, 0, 5, 6, 0, 0, 0, 130])
        #expect(HostToHelperMessage.opening(version: 6).frame.bytes == [0, 0, 0, 5, 1, 0, 0, 0, 6])
        #expect(HostToHelperMessage.versions(.spoken).frame.bytes == [0, 0, 0, 9, 1, 0, 0, 0, 6, 0, 0, 0, 8])
        #expect(HostToHelperMessage.streamChunk(id: 258, bytes: [9]).frame.bytes == [0, 0, 0, 6, 15, 0, 0, 1, 2, 9])
        #expect(HelperToHostMessage.streamAck(id: 1, count: 65536).frame.payload == [0, 0, 0, 1, 0, 1, 0, 0])
        #expect(HostToHelperMessage.run(HelperRequest(words: ["ab"], isTerminal: true)).frame.payload == [1, 0, 0, 0, 1, 0, 0, 0, 2, 97, 98])
        let hello = HelperHello(version: 7, load: .microseconds(258), register: .zero)
        #expect(HelperToHostMessage.hello(hello).frame.payload == [0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 1, 2] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 6, 0, 0, 0, 8])
        let frame = HelperScreenFrame(header: .init(width: 1, height: 1), rows: [[.init(style: Style(foreground: .red), text: "x")]])
        // The header's JSON (its keys in any order), after its length; then a run: its count, style, text's length, text.
        let header = HelperWire.json(frame.header).count
        #expect(frame.payload.prefix(4) == [0, 0, 0, UInt8(header)] && frame.payload.count == 4 + header + 8)
        #expect(frame.payload.suffix(8) == [0, 1, 0, 2, 0, 0, 1, 120])
    }

    /// A payload cut short, with a byte more, or of a kind that goes the other way (a hello goes both) is an
    /// error for every kind.
    @Test func aPayloadCutShortOrLongerOrTheWrongWayIsAnError() {
        for message in Self.toHelper {
            let frame = message.frame
            if frame.kind != .hello { #expect(throws: HelperWire.Problem.outOfTurn(frame.kind)) { try HelperToHostMessage(frame) } }
            for payload in Self.spoiled(frame) {
                #expect(throws: HelperWire.Problem.self, "\(frame.kind) \(payload)") { try HostToHelperMessage(HelperWire.Frame(frame.kind, payload)) }
            }
        }
        for message in Self.toStrata {
            let frame = message.frame
            if frame.kind != .hello { #expect(throws: HelperWire.Problem.outOfTurn(frame.kind)) { try HostToHelperMessage(frame) } }
            for payload in Self.spoiled(frame) {
                #expect(throws: HelperWire.Problem.self, "\(frame.kind) \(payload)") { try HelperToHostMessage(HelperWire.Frame(frame.kind, payload)) }
            }
        }
    }

    /// `frame`'s payload cut short, and with a byte after it (a chunk's bytes are any: only its id can be short).
    static func spoiled(_ frame: HelperWire.Frame) -> [[UInt8]] {
        guard frame.kind != .streamChunk else { return [Array(frame.payload.prefix(3))] }
        return (frame.payload.isEmpty ? [] : [Array(frame.payload.dropLast())]) + [frame.payload + [0xFF]]
    }

    /// What a helper can't send however well-formed: an ask past its bounds, or padded past the most read; a
    /// screen request for a canvas no helper draws; more names than strata lists.
    @Test func aMessageOutsideItsBoundsIsAnError() {
        let ask = HelperFileAsk(id: 1, path: "lake.gpx", purpose: "a track", extensions: [])
        let padded = HelperToHostMessage.fileAsk(ask).frame.payload + [UInt8](repeating: 0x20, count: HelperFileAsk.maximumPayload)
        #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperWire.Frame(.fileAsk, padded)) }
        let tab = HelperToHostMessage.completeAsk(.init(id: 1, typed: "~/", extensions: [])).frame.payload
        #expect(throws: HelperWire.Problem.self) {
            try HelperToHostMessage(HelperWire.Frame(.completeAsk, tab + [UInt8](repeating: 0x20, count: HelperFileAsk.maximumPayload)))
        }
        let outside = HelperFileAsk(id: 1, path: "lake.gpx", purpose: "a track", extensions: ["g.px"])
        #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperToHostMessage.fileAsk(outside).frame) }
        var context = Self.context
        context.width = 10_000
        let screen = HostToHelperMessage.screen(HelperScreenRequest(sequence: 1, action: .draw, context: context)).frame
        #expect(throws: HelperWire.Problem.self) { try HostToHelperMessage(screen) }
        let names = HelperPathCompletion.Answer(id: 1, paths: Array(repeating: "a", count: FileNameCompletion.maximumNames + 1))
        #expect(throws: HelperWire.Problem.self) { try HostToHelperMessage(HostToHelperMessage.completeAnswer(names).frame) }
    }

    /// Random bytes of every kind are read without a trap, in both directions.
    @Test func randomPayloadsOfEveryKindAreReadWithoutATrap() {
        for kind in (0...255).compactMap(HelperWire.Kind.init(rawValue:)) {
            for _ in 0..<300 {
                let payload = (0..<Int.random(in: 0...40)).map { _ in UInt8.random(in: 0...255) }
                _ = try? HostToHelperMessage(HelperWire.Frame(kind, payload))
                _ = try? HelperToHostMessage(HelperWire.Frame(kind, payload))
            }
        }
    }

    /// Every read is checked against the bytes left: too few is `nil` (the bytes stay, but a length read), and
    /// any width reads big-endian, signed or not.
    @Test func theReaderChecksEveryReadAgainstTheBytesLeft() {
        var writer = WireWriter()
        writer.write(UInt16(0x0102))
        writer.write(Int32(-2))
        writer.write(Array("né".utf8), lengthAs: UInt8.self)
        #expect(writer.bytes == [1, 2, 0xFF, 0xFF, 0xFF, 0xFE, 3, 0x6E, 0xC3, 0xA9])
        var reader = WireReader(writer.bytes)
        #expect(reader.read(UInt16.self) == 0x0102 && reader.read(Int32.self) == -2)
        #expect(reader.read(UInt64.self) == nil && reader.remaining == 4, "too few: nothing taken")
        #expect(reader.readText(lengthAs: UInt8.self) == "né" && reader.isAtEnd)
        var short = WireReader([0, 0, 0, 9, 1, 2])
        #expect(short.read(lengthAs: UInt32.self) == nil)
        var huge = WireReader([0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0])
        #expect(huge.read(lengthAs: UInt32.self) == nil && huge.remaining == 4, "a length past the bytes left")
        var invalid = WireReader([2, 0xC3, 0x28])
        #expect(invalid.readText(lengthAs: UInt8.self) == nil, "not UTF-8")
        var negative = WireReader([1])
        #expect(negative.read(count: -1) == nil && negative.read(Int8.self) == 1)
    }
}
