import Foundation
import StrataBase
import StrataPluginKit
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
        .run(routed), .run(routedWithFiles),
        .cancel,
        .screen(HelperScreenRequest(sequence: 4, action: .key, key: "c:x", context: context)),
        .streamHead(fetchAnswer), .streamChunk(id: 3, bytes: [1, 2, 3]), .streamEnd(HelperFetch.Answer(id: 3, status: 200, failure: "gone")),
        .socketAnswer(HelperSocketRequest.Answer(id: 5, result: .failure(.refused("127.0.0.1:1")))),
        .fileAnswer(HelperFileAnswer(id: 6, path: "/home/u/lake.gpx", refusal: .tooLarge(1 << 20))),
        .completeAnswer(HelperPathCompletion.Answer(id: 7, paths: ["runs/", "runs.gpx"])),
        .pluginRecord(HelperPluginRecordTests.record),
    ]

    /// A command line as strata routed and parsed it (wire version 9): the path's two words, then a positional,
    /// an option given twice, one given as `--name=value`, a flag, and a positional after `--` that looks like one.
    static let routed = HelperRequest(
        words: ["movies", "search", "héat", "--year", "1995", "--year=1996", "--lang=fr", "--json", "--", "--1995"], isTerminal: true,
        routed: .init(
            pathCount: 2,
            arguments: CommandArguments(positionals: ["héat", "--1995"], options: ["--year": ["1995", "1996"], "--lang": ["fr"]], flags: ["--json"])))
    static let routedWithFiles = HelperRequest(
        words: ["running", "import", "--track=lake.gpx"], isTerminal: false, files: [HelperFileArgument(index: 2, prefix: "--track=", name: "lake.gpx")],
        routed: .init(pathCount: 2, arguments: CommandArguments(positionals: [], options: ["--track": ["lake.gpx"]], flags: [])))

    /// One of each case a helper sends, but the texts.
    static let toStrata: [HelperToHostMessage] = [
        .hello(HelperHello(version: 7, load: .microseconds(12), register: .milliseconds(3))),
        .hello(HelperHello(version: 6, load: .zero, register: .zero, versions: .rangeless)),
        .exit(130),
        .frame(
            HelperScreenFrame(
                header: .init(sequence: 2, result: "handled", path: ["Blocks"], help: [["q", "quit"]], width: 4, height: 2),
                rows: [[.init(style: .plain, text: "hi")], [.init(style: Style(foreground: .rgb(1, 2, 3), bold: true), text: "ok")]])),
        .frame(pictured),
        .streamOpen(HelperFetch(id: 1, url: "https://api.example.com/v1", method: "POST", headers: ["A": "b"], body: Data([0, 1]))),
        .streamAck(id: 1, count: 16384), .streamCancel(id: 1),
        .socketOpen(HelperSocketRequest(id: 2, endpoint: "connect", host: "example.org", port: 443)),
        .fileAsk(HelperFileAsk(id: 3, path: "~/lake.gpx", purpose: "a track to run", extensions: ["gpx"])),
        .completeAsk(HelperPathCompletion.Ask(id: 4, typed: "~/ru", extensions: [])),
        .pluginRecordAsk,
    ]

    /// A frame that places two pictures: one it sends (2 × 1 pixels), and one strata holds from the frame before.
    static let pictured = HelperScreenFrame(
        header: .init(sequence: 3, width: 4, height: 2), rows: [[.init(style: .plain, text: "x")], []],
        pictures: [
            .init(region: Region(column: 1, row: 0, width: 3, height: 2), id: 7, picture: Picture(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6])),
            .init(region: Region(column: 0, row: 1, width: 1, height: 1), id: 5),
        ])

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
    /// ends at 9).
    @Test func theBytesOnTheWireAreVersion7s() {
        #expect(HelperToHostMessage.exit(130).frame.bytes == [0, 0, 0, 5, 6, 0, 0, 0, 130])
        #expect(HostToHelperMessage.opening(version: 6).frame.bytes == [0, 0, 0, 5, 1, 0, 0, 0, 6])
        #expect(HostToHelperMessage.versions(.spoken).frame.bytes == [0, 0, 0, 9, 1, 0, 0, 0, 6, 0, 0, 0, 9])
        #expect(HostToHelperMessage.streamChunk(id: 258, bytes: [9]).frame.bytes == [0, 0, 0, 6, 15, 0, 0, 1, 2, 9])
        #expect(HelperToHostMessage.streamAck(id: 1, count: 65536).frame.payload == [0, 0, 0, 1, 0, 1, 0, 0])
        #expect(HostToHelperMessage.run(HelperRequest(words: ["ab"], isTerminal: true)).frame.payload == [1, 0, 0, 0, 1, 0, 0, 0, 2, 97, 98])
        let hello = HelperHello(version: 7, load: .microseconds(258), register: .zero)
        #expect(HelperToHostMessage.hello(hello).frame.payload == [0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 1, 2] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 6, 0, 0, 0, 9])
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

    /// A routed command line (wire version 9) cut anywhere is an error, as is one that says its path is longer
    /// than its words, names an option or a flag twice, counts more texts than bytes follow, or has a flag bit no
    /// version defines; one without its route is version 8's bytes, which a helper of 8 reads.
    @Test func aRoutedCommandLineCutAnywhereOrInconsistentIsAnError() throws {
        for request in [Self.routed, Self.routedWithFiles] {
            let payload = request.payload
            #expect(HelperRequest(payload: payload) == request)
            for cut in 0..<payload.count {
                #expect(throws: HelperWire.Problem.self, "cut at \(cut)") { try HostToHelperMessage(HelperWire.Frame(.run, Array(payload.prefix(cut)))) }
            }
        }
        func payload(_ build: (inout WireWriter) -> Void) -> [UInt8] { WireWriter.bytes(build) }
        func texts(_ texts: [String], _ writer: inout WireWriter) {
            writer.write(UInt32(texts.count))
            for text in texts { writer.write(text.utf8, lengthAs: UInt32.self) }
        }
        let longPath = payload { $0.write(UInt8(4)); texts(["a"], &$0); $0.write(UInt32(2)); texts([], &$0); $0.write(UInt32(0)); texts([], &$0) }
        let twiceOption = payload {
            $0.write(UInt8(4)); texts(["a"], &$0); $0.write(UInt32(1)); texts([], &$0); $0.write(UInt32(2))
            for _ in 0..<2 { $0.write("--o".utf8, lengthAs: UInt32.self); texts(["v"], &$0) }
            texts([], &$0)
        }
        let twiceFlag = payload { $0.write(UInt8(4)); texts(["a"], &$0); $0.write(UInt32(1)); texts([], &$0); $0.write(UInt32(0)); texts(["-f", "-f"], &$0) }
        let manyOptions = payload { $0.write(UInt8(4)); texts(["a"], &$0); $0.write(UInt32(1)); texts([], &$0); $0.write(UInt32.max); texts([], &$0) }
        let good = payload { $0.write(UInt8(4)); texts(["a"], &$0); $0.write(UInt32(1)); texts([], &$0); $0.write(UInt32(0)); texts(["-f"], &$0) }
        for (bad, why) in [(longPath, "a path of 2 words of 1"), (twiceOption, "an option twice"), (twiceFlag, "a flag twice"), (manyOptions, "more options than bytes"), ([8] + good.dropFirst(), "flag bit 8")] {
            #expect(HelperRequest(payload: bad) == nil, "\(why)")
        }
        #expect(HelperRequest(payload: good)?.routed == .init(pathCount: 1, arguments: CommandArguments(positionals: [], options: [:], flags: ["-f"])))
        #expect(HelperRequest(words: ["ab"], isTerminal: true, routed: nil).payload == [1, 0, 0, 0, 1, 0, 0, 0, 2, 97, 98], "version 8's bytes")
    }

    /// `frame`'s payload cut short, and with a byte after it (a chunk's bytes are any: only its id can be short).
    static func spoiled(_ frame: HelperWire.Frame) -> [[UInt8]] {
        guard frame.kind != .streamChunk else { return [Array(frame.payload.prefix(3))] }
        return (frame.payload.isEmpty ? [] : [Array(frame.payload.dropLast())]) + [frame.payload + [0xFF]]
    }

    /// Pictures cross without a wire version of their own: strata asks for them only on a kitty terminal, in a
    /// key a helper of version 8 ignores, and a request of a strata of version 8, which has no such key, reads.
    @Test func strataAsksForPicturesInAKeyOlderEndsDoWithout() throws {
        var onKitty = RenderContext()
        onKitty.pictures = .kitty
        #expect(HelperScreenRequest.Context(size: .init(width: 80, height: 20), context: onKitty).kitty == true)
        #expect(Self.context.kitty == nil && !String(decoding: HelperWire.json(Self.context), as: UTF8.self).contains("kitty"))
        let version8 = #"{"sequence":1,"action":"draw","context":{"width":80,"height":20,"frame":0,"colors":true,"pictures":true,"#
            + #""cellWidth":9,"cellHeight":20,"trueColor":true}}"#
        guard case .screen(let request) = try HostToHelperMessage(HelperWire.Frame(.screen, Array(version8.utf8))) else {
            Issue.record("not a screen request")
            return
        }
        #expect(request.context.pictures && request.context.kitty == nil)
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

    /// A frame's pictures follow its rows, as many as its header says: a placement's cells, the helper's id,
    /// then the picture's size in pixels and its pixels (0 × 0 and none for one strata holds). Cut anywhere
    /// after the rows, even just after them, the frame is an error (the header says pictures follow).
    @Test func aFramesPicturesFollowItsRowsAndCutAnywhereAreAnError() throws {
        let payload = Self.pictured.payload
        let pictures: [UInt8] = [0, 1, 0, 0, 0, 3, 0, 2, 0, 0, 0, 7, 0, 2, 0, 1, 1, 2, 3, 4, 5, 6] + [0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 5, 0, 0, 0, 0]
        #expect(payload.suffix(pictures.count) == pictures[...])
        let header = try #require(HelperWire.value(HelperScreenFrame.Header.self, json: payload[4..<(4 + Int(payload[3]))]))
        #expect(header.pictures == 2, "the header says how many")
        for cut in (payload.count - pictures.count)..<payload.count {
            #expect(throws: HelperWire.Problem.self, "cut at \(cut)") { try HelperToHostMessage(HelperWire.Frame(.frame, Array(payload.prefix(cut)))) }
        }
        let plain = HelperScreenFrame(header: .init(width: 1, height: 1), rows: [[]])
        #expect(HelperWire.value(HelperScreenFrame.Header.self, json: plain.payload.dropFirst(4))?.pictures == nil, "no pictures, no count: version 8's header")
    }

    /// What a hostile helper can't make strata show: a picture over cells outside its frame or over none, one
    /// larger than a frame's picture may be, a size that doesn't match its pixels, more pictures than a frame
    /// places.
    @Test func aPictureOutsideItsFrameOrPastItsBoundsIsRefused() {
        func refused(_ placement: HelperScreenFrame.Placement, _ why: String) {
            var frame = Self.pictured
            frame.pictures = [placement]
            #expect(throws: HelperWire.Problem.self, "\(why)") { try HelperToHostMessage(HelperToHostMessage.frame(frame).frame) }
        }
        let pixel = Picture(width: 1, height: 1, rgb: [9, 9, 9])
        refused(.init(region: Region(column: 2, row: 0, width: 3, height: 1), id: 1, picture: pixel), "past the frame's right edge")
        refused(.init(region: Region(column: 0, row: 1, width: 1, height: 2), id: 1, picture: pixel), "past its last row")
        refused(.init(region: Region(column: 0, row: 0, width: 0, height: 1), id: 1, picture: pixel), "over no cell")
        let side = HelperScreenFrame.maximumPictureSide + 1
        refused(.init(region: Region(column: 0, row: 0, width: 1, height: 1), id: 1, picture: Picture(width: side, height: 1, rgb: .init(repeating: 0, count: side * 3))), "too wide")
        let large = Picture(width: 700, height: 400, rgb: .init(repeating: 0, count: 700 * 400 * 3))
        #expect(large.rgb.count > HelperScreenFrame.maximumPictureBytes)
        refused(.init(region: Region(column: 0, row: 0, width: 1, height: 1), id: 1, picture: large), "too many bytes")
        var payload = HelperToHostMessage.frame(Self.pictured).frame.payload
        payload[payload.count - 16 - 6 - 3] = 3  // the first picture says 3 × 1 pixels and holds 2
        #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperWire.Frame(.frame, payload)) }
        // A header that says 129 pictures follow, and 129 placements by id over the first cell.
        var many = HelperScreenFrame(header: .init(width: 4, height: 2), rows: [[], []])
        let rows = many.payload.dropFirst(4 + Int(many.payload[3]))
        many.header.pictures = HelperScreenFrame.maximumPictures + 1
        let placement: [UInt8] = [0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0]
        let manyPayload = WireWriter.bytes { $0.write(HelperWire.json(many.header), lengthAs: UInt32.self) } + rows
            + Array([[UInt8]](repeating: placement, count: HelperScreenFrame.maximumPictures + 1).joined())
        #expect(throws: HelperWire.Problem.self) { try HelperToHostMessage(HelperWire.Frame(.frame, manyPayload)) }
    }

    /// strata holds the pictures the last frame placed and no others: a picture placed by an id it doesn't
    /// hold (never sent, or not placed by the frame before) ends the session, as do pictures held past their
    /// bound; each placement strata takes has its picture.
    @Test func strataHoldsThePicturesOfTheLastFrameOnly() throws {
        var held = HelperHeldPictures()
        var first = Self.pictured
        #expect(throws: HelperScreenFrame.Problem.self, "id 5 was never sent") { try held.resolve(&first) }
        first.pictures.removeLast()
        try held.resolve(&first)
        var again = HelperScreenFrame(header: .init(width: 4, height: 2), rows: [[], []], pictures: [.init(region: Region(column: 0, row: 0, width: 1, height: 1), id: 7)])
        try held.resolve(&again)
        #expect(again.pictures.first?.picture == Self.pictured.pictures.first?.picture, "placed again by its id")
        var none = HelperScreenFrame(header: .init(width: 4, height: 2), rows: [[], []])
        try held.resolve(&none)
        var gone = HelperScreenFrame(header: .init(width: 4, height: 2), rows: [[], []], pictures: [.init(region: Region(column: 0, row: 0, width: 1, height: 1), id: 7)])
        #expect(throws: HelperScreenFrame.Problem.self, "not held since a frame placed none") { try held.resolve(&gone) }

        let side = 418  // 524,172 bytes: 64 of them are just within what strata holds, 65 are not
        let picture = Picture(width: side, height: side, rgb: .init(repeating: 0, count: side * side * 3))
        let cell = Region(column: 0, row: 0, width: 1, height: 1)
        var within = HelperScreenFrame(header: .init(width: 4, height: 2), pictures: (1...64).map { .init(region: cell, id: $0, picture: picture) })
        try held.resolve(&within)
        var past = HelperScreenFrame(header: .init(width: 4, height: 2), pictures: (1...65).map { .init(region: cell, id: $0, picture: picture) })
        #expect(throws: HelperScreenFrame.Problem.self) { try held.resolve(&past) }
    }

    /// The helper's side: a picture's pixels cross in the first frame that places it, then its id alone while
    /// every frame places it; a picture outside the frame's cells is left out, and one larger than a frame's
    /// picture may be is sent scaled within the bounds. What it sends, strata reads and resolves to the same.
    @Test func theHelperSendsEachPictureOnceWhileStrataHoldsIt() throws {
        let poster = Picture(width: 700, height: 1000, rgb: .init(repeating: 128, count: 700 * 1000 * 3))
        let thumbnail = Picture(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6])
        let area = Region(column: 1, row: 2, width: 10, height: 5)
        // As a screen places them in the helper's app: the last past the area the frame shows.
        let canvas = Canvas(size: TerminalSize(width: 12, height: 8))
        for (picture, region) in [(poster, Region(column: 1, row: 2, width: 4, height: 5)), (thumbnail, Region(column: 6, row: 3, width: 2, height: 1)),
            (thumbnail, Region(column: 10, row: 3, width: 2, height: 1))] {
            PictureView(picture, mode: .kitty).draw(in: canvas.canvas(in: region))
        }
        let placements = canvas.buffer.pictures
        var sent = HelperSentPictures()
        var held = HelperHeldPictures()
        let empty = HelperScreenFrame(header: .init(width: 10, height: 5), rows: Array(repeating: [], count: 5))
        func send(_ placements: [PicturePlacement]) throws -> HelperScreenFrame {
            var frame = try HelperScreenFrame(payload: sent.place(placements, in: area, on: empty).payload, size: TerminalSize(width: 10, height: 5))
            if frame.pictures.isEmpty { sent.forget() }
            try held.resolve(&frame)
            return frame
        }
        let first = sent.place(placements, in: area, on: empty)
        sent = HelperSentPictures()
        #expect(first.pictures.map { $0.region } == [Region(column: 0, row: 0, width: 4, height: 5), Region(column: 5, row: 1, width: 2, height: 1)])
        let scaled = try #require(first.pictures.first?.picture)
        #expect(scaled.rgb.count <= HelperScreenFrame.maximumPictureBytes && scaled.width < 700 && abs(scaled.height * 7 - scaled.width * 10) < 10, "scaled in its proportions")
        #expect(first.pictures.last?.picture == thumbnail)
        #expect(first.payload.count <= HelperWire.maximumPayload, "within one wire frame")
        let w342 = Picture(width: 342, height: 513, rgb: .init(repeating: 7, count: 342 * 513 * 3))
        #expect(HelperSentPictures.bounded(w342) == w342, "a poster as Movies shows it at 80 × 24 crosses as it is")

        let shown = try send(placements)
        #expect(shown.pictures.map { $0.picture } == [scaled, thumbnail])
        let again = sent.place(placements, in: area, on: empty)
        #expect(again.pictures.allSatisfy { $0.picture == nil } && again.pictures.count == 2, "only ids while strata holds them")
        #expect(try send(placements).pictures.map { $0.picture } == [scaled, thumbnail], "strata places them from what it holds")
        #expect(try send([]).pictures.isEmpty)
        let after = sent.place(Array(placements.prefix(1)), in: area, on: empty)
        #expect(after.pictures.first?.picture == scaled, "sent again once a frame placed it no longer")
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
