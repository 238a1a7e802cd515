import Glibc
import StrataBase
import Testing

/// A command line's word keeps the bytes of a file name that isn't UTF-8 (`CommandLine.arguments` made each
/// such byte U+FFFD, and the file was "missing"), and shows them escaped.
@Suite struct CommandLineWordTests {
    @Test func bytesThatAreNotUTF8ComeBackExactlyAndShowEscaped() {
        let name: [UInt8] = Array("run".utf8) + [0xFF] + Array(".gpx".utf8)
        let word = CommandLineWord.string(name)
        #expect(CommandLineWord.bytes(of: word) == name)
        #expect(CommandLineWord.escaped(word) == #"run\xFF.gpx"#)
        #expect(word.hasSuffix(".gpx") && !word.contains("\u{FFFD}"))
        let cString = CommandLineWord.withPath(word) { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
        #expect(cString == name, "the C string holds the byte, not its stand-in's UTF-8")
    }

    @Test func utf8StaysAsItIsAndEveryByteStringRoundTrips() {
        #expect(CommandLineWord.string(Array("lake é 🏃.gpx".utf8)) == "lake é 🏃.gpx")
        #expect(CommandLineWord.escaped("lake é.gpx") == "lake é.gpx")
        // A stand-in's own encoding, a cut scalar, an overlong form, a surrogate: each stands as its bytes.
        let odd: [[UInt8]] = [[0xEF, 0x9F, 0xBF], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0x61, 0xE2, 0x82], [0x80, 0x41]]
        for bytes in odd {
            #expect(CommandLineWord.bytes(of: CommandLineWord.string(bytes)) == bytes, "\(bytes)")
        }
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...12)).map { _ in UInt8.random(in: 1...255) }
            #expect(CommandLineWord.bytes(of: CommandLineWord.string(bytes)) == bytes, "\(bytes)")
        }
        #expect(CommandLineWord.escaped(CommandLineWord.string([0xEF, 0x9F, 0xBF])) == #"\xEF\x9F\xBF"#)
    }
}
