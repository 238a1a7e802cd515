import FoundationEssentials
import StrataBase
import StrataTerminal

/// One frame of a screen that runs in a plugin's helper (a ``HelperWire/Kind/frame`` payload): what the
/// proxy screen in strata draws and says about it. The payload is the header's length (4 bytes), the header
/// (JSON), then each row's runs of one style: a run count (2 bytes), and per run its style and its text (a
/// 2-byte length, then UTF-8). Wide characters are sent once; blank cells at a row's end are not sent. Then
/// the pictures the screen placed through the kitty graphics protocol, as many as the header says
/// (each a ``Placement``; none when it says nothing, as a helper of version 8 or before sends).
///
/// strata reads it as hostile: every count and length is checked against the bytes left and the size it
/// asked for, texts are sanitized (here and again by ``Canvas``), and anything else is ``Problem``.
struct HelperScreenFrame: Equatable, Sendable {
    struct Header: Codable, Equatable, Sendable {
        /// The request's sequence number this answers; 0 for a frame the helper sends on its own (a view
        /// model changed after a load, an animation).
        var sequence: UInt32 = 0
        /// For a key: `handled`, `ignored` (strata applies its defaults: Esc leaves the feature, q quits)
        /// or `exit`.
        var result: String?
        /// The titles of the helper's stack, its root first (`Blocks › Timers`).
        var path: [String] = []
        /// The help line's keys, and every key for the `?` dialog, as `[key, action]`.
        var help: [[String]] = []
        var keys: [[String]] = []
        /// The question Esc asks before leaving the feature's root screen.
        var leavingQuestion: String?
        var isAnimating = false
        /// Bells rung since the last frame.
        var bells = 0
        var width = 0
        var height = 0
        /// Why the helper can't show the screen (no screens, a screen that threw); the session ends.
        var failure: String?
        /// How many pictures the frame places (``HelperScreenFrame/pictures``), when any: only for a request
        /// whose context asks for them (``HelperScreenRequest/Context/kitty``). Only on the wire: ``payload``
        /// writes it, and ``init(payload:size:)`` reads that many and leaves it `nil`.
        var pictures: Int?
    }

    /// Characters in one style.
    struct Run: Equatable, Sendable {
        var style: Style
        var text: String
    }

    var header = Header()
    var rows: [[Run]] = []
    /// The pictures placed over the rows' cells, in the order the screen placed them.
    var pictures: [Placement] = []

    /// Why a payload is not a frame.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The most items a list of the header holds, and the most bytes one of its texts holds.
    static let maximumItems = 64
    static let maximumText = 1024

    var result: KeyResult {
        switch header.result {
        case "exit": .exit
        case "ignored": .ignored
        default: .handled
        }
    }

    var title: String { header.path.joined(separator: " › ") }
    var helpItems: [HelpItem] { header.help.map { HelpItem($0[0], $0[1]) } }
    var keyHelp: [HelpItem] { header.keys.map { HelpItem($0[0], $0[1]) } }

    /// Draws the rows into `canvas` from its top-left corner (clipped to it).
    func draw(in canvas: Canvas) {
        for (row, runs) in rows.enumerated() where row < canvas.size.height {
            var column = 0
            for run in runs where column < canvas.size.width {
                column += canvas.draw(run.text, column: column, row: row, style: run.style)
            }
        }
    }
}

// MARK: - Encoding (in the helper)

extension HelperScreenFrame {
    /// The frame of `buffer`'s `area`: its rows, as runs of one style.
    init(header: Header, buffer: ScreenBuffer, area: Region) {
        self.header = header
        self.header.width = area.size.width
        self.header.height = area.size.height
        rows = (area.row..<(area.row + area.size.height)).map { row in
            var runs: [Run] = []
            var blanks: [Run] = []  // plain spaces, sent only if something follows them
            for column in area.column..<(area.column + area.size.width) {
                let cell = buffer[column, row]
                guard !cell.isContinuation else { continue }
                // A grapheme too long for the wire is one the host couldn't draw in one cell anyway.
                let character = cell.character.utf8.count > 16 ? "?" : cell.character
                if cell.style == .plain && character == " " {
                    if blanks.isEmpty { blanks = [Run(style: .plain, text: "")] }
                    blanks[0].text.append(" ")
                    continue
                }
                if !blanks.isEmpty { Self.append(blanks[0], to: &runs); blanks = [] }
                Self.append(Run(style: cell.style, text: String(character)), to: &runs)
            }
            return runs
        }
    }

    private static func append(_ run: Run, to runs: inout [Run]) {
        if runs.last?.style == run.style { runs[runs.count - 1].text += run.text } else { runs.append(run) }
    }

    /// The payload: the header's length, the header, the rows, then the pictures.
    var payload: [UInt8] {
        var writer = WireWriter()
        var header = header
        let pictures = pictures.prefix(Self.maximumPictures)
        header.pictures = pictures.isEmpty ? nil : pictures.count
        writer.write(HelperWire.json(header), lengthAs: UInt32.self)
        for runs in rows {
            writer.write(UInt16(clamping: runs.count))
            for run in runs {
                StyleCode.write(run.style, to: &writer)
                writer.write(run.text.utf8, lengthAs: UInt16.self)
            }
        }
        for placement in pictures { Self.write(placement, to: &writer) }
        return writer.bytes
    }
}

// MARK: - Decoding (in strata)

extension HelperScreenFrame {
    /// Reads a payload a helper sent for a canvas of at most `size`.
    init(payload: [UInt8], size: TerminalSize) throws(Problem) {
        var reader = WireReader(payload)
        let headerLength = try Self.read(reader.read(UInt32.self), reader)
        guard headerLength <= 64 << 10 else { throw Problem(description: "a frame header of \(headerLength) bytes") }
        guard let header = HelperWire.value(Header.self, json: try Self.read(reader.read(count: Int(headerLength)), reader)) else {
            throw Problem(description: "a frame header that is not the format's JSON")
        }
        self.header = try Self.checked(header, size: size)
        rows = []
        for _ in 0..<self.header.height {
            let count = try Self.read(reader.read(UInt16.self), reader)
            guard count <= max(1, self.header.width) else { throw Problem(description: "a row of \(count) runs, wider than the screen") }
            var runs: [Run] = []
            for _ in 0..<count {
                let style = try StyleCode.style(from: &reader)
                guard let text = String(validating: try Self.read(reader.read(lengthAs: UInt16.self), reader), as: UTF8.self) else {
                    throw Problem(description: "text that is not UTF-8")
                }
                runs.append(Run(style: style, text: text))
            }
            rows.append(runs)
        }
        pictures = []
        for _ in 0..<(self.header.pictures ?? 0) {
            pictures.append(try Self.placement(from: &reader, width: self.header.width, height: self.header.height))
        }
        self.header.pictures = nil
        guard reader.isAtEnd else { throw Problem(description: "\(reader.remaining) bytes after the last row") }
    }

    /// What `reader` read, or the problem when the bytes left were too few.
    static func read<T>(_ value: T?, _ reader: WireReader) throws(Problem) -> T {
        guard let value else { throw Problem(description: "a frame cut short, \(reader.remaining) bytes before its end") }
        return value
    }

    /// `header` with its texts sanitized, once its numbers and counts are checked.
    private static func checked(_ header: Header, size: TerminalSize) throws(Problem) -> Header {
        guard (0...size.width).contains(header.width), (0...size.height).contains(header.height) else {
            throw Problem(description: "a frame of \(header.width)×\(header.height) cells for a screen of \(size.width)×\(size.height)")
        }
        let lists = [header.help, header.keys]
        guard header.path.count <= maximumItems, lists.allSatisfy({ $0.count <= maximumItems && $0.allSatisfy { $0.count == 2 } }),
            (0...maximumItems).contains(header.bells)
        else { throw Problem(description: "a frame header with lists longer than \(maximumItems) or malformed keys") }
        guard (0...maximumPictures).contains(header.pictures ?? 0) else {
            throw Problem(description: "a frame header that says it places \(header.pictures ?? 0) pictures, more than \(maximumPictures)")
        }
        func clean(_ text: String) -> String { Sanitizer.sanitize(String(text.prefix(maximumText))) }
        var header = header
        header.path = header.path.map(clean)
        header.help = header.help.map { $0.map(clean) }
        header.keys = header.keys.map { $0.map(clean) }
        header.leavingQuestion = header.leavingQuestion.map(clean)
        header.failure = header.failure.map(clean)
        header.result = header.result.map(clean)
        return header
    }
}

/// A ``Style`` as bytes: its attributes (one byte), then each colour: 0 for the terminal's, 1–9 for the
/// basic ones, 10 and three bytes for an exact one.
enum StyleCode {
    private static let basic: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white, .gray]

    static func write(_ style: Style, to writer: inout WireWriter) {
        writer.write([style.bold, style.dim, style.underline, style.reverse].enumerated().reduce(UInt8(0)) { $0 | ($1.element ? 1 << $1.offset : 0) })
        write(style.foreground, to: &writer)
        write(style.background, to: &writer)
    }

    private static func write(_ color: Color?, to writer: inout WireWriter) {
        guard let color else { return writer.write(UInt8(0)) }
        if case .rgb(let red, let green, let blue) = color { return writer.write([10, red, green, blue]) }
        writer.write(UInt8(basic.firstIndex(of: color).map { $0 + 1 } ?? 0))
    }

    static func style(from reader: inout WireReader) throws(HelperScreenFrame.Problem) -> Style {
        let flags = try HelperScreenFrame.read(reader.read(UInt8.self), reader)
        guard flags < 16 else { throw HelperScreenFrame.Problem(description: "a style with unknown attributes \(flags)") }
        return Style(
            foreground: try color(from: &reader), background: try color(from: &reader), bold: flags & 1 != 0, dim: flags & 2 != 0,
            underline: flags & 4 != 0, reverse: flags & 8 != 0)
    }

    private static func color(from reader: inout WireReader) throws(HelperScreenFrame.Problem) -> Color? {
        let tag = try HelperScreenFrame.read(reader.read(UInt8.self), reader)
        switch tag {
        case 0: return nil
        case 1...9: return basic[Int(tag) - 1]
        case 10:
            let rgb = try HelperScreenFrame.read(reader.read(count: 3), reader)
            return .rgb(rgb[rgb.startIndex], rgb[rgb.startIndex + 1], rgb[rgb.startIndex + 2])
        default: throw HelperScreenFrame.Problem(description: "a colour of unknown kind \(tag)")
        }
    }
}
