import Testing
@testable import StrataTerminal

@Suite struct KeyDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test func decodesArrowsInBothCursorModes() {
        #expect(decode([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [.up, .down, .right, .left])
        #expect(decode(Array("\u{1B}OA\u{1B}OD".utf8)) == [.up, .left])
    }

    @Test func decodesHomeEndAndPagingInTheirCommonVariants() {
        #expect(decode(Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF".utf8))
                == [.home, .end, .home, .end, .home, .end, .home, .end])
        #expect(decode(Array("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z".utf8)) == [.pageUp, .pageDown, .delete, .backTab])
    }

    @Test func dropsModifiersFromArrows() {
        #expect(decode(Array("\u{1B}[1;5C".utf8)) == [.right])
    }

    @Test func decodesSingleByteControlKeys() {
        #expect(decode([0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x03, 0x1A, 0x01]) ==
                [.enter, .enter, .tab, .backspace, .backspace, .interrupt, .suspend, .control("a")])
    }

    @Test func holdsBackALoneEscapeUntilFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func completesAnEscapeSequenceSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode([0x5B]).isEmpty)
        #expect(decoder.decode([0x42]) == [.down])
        #expect(!decoder.hasPendingInput)
    }

    @Test func tellsEscapeFollowedByALetterFromASequence() {
        #expect(decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
        #expect(decode([0x1B, 0x1B, 0x5B, 0x41]) == [.escape, .up])
    }

    @Test func decodesKoreanAndEmojiAsWholeCharacters() {
        #expect(decode(Array("한글".utf8)) == [.character("한"), .character("글")])
        #expect(decode(Array("👍🏽a".utf8)) == [.character("👍🏽"), .character("a")])
        #expect(decode(Array("👨‍👩‍👧".utf8)) == [.character("👨‍👩‍👧")])
    }

    @Test func waitsForTheRestOfAMultiByteCharacter() {
        var decoder = KeyDecoder()
        let bytes = Array("한".utf8)
        #expect(decoder.decode(bytes.prefix(2)).isEmpty)
        #expect(decoder.decode(bytes.suffix(1)) == [.character("한")])
    }

    @Test func dropsInvalidUTF8AndKeepsWhatFollows() {
        #expect(decode([0xFF, 0x61]) == [.character("a")])
    }

    @Test func reportsUnknownSequencesInsteadOfLosingThem() {
        #expect(decode(Array("\u{1B}[99~".utf8)) == [.unknown(Array("\u{1B}[99~".utf8))])
    }

    @Test func decodesFunctionKeys() {
        #expect(decode(Array("\u{1B}OP\u{1B}[15~\u{1B}[24~".utf8)) == [.function(1), .function(5), .function(12)])
    }

    @Test func aBracketedPasteIsOneKeyWhoseNewlinesAreText() {
        var decoder = KeyDecoder()
        let bytes = Array("a\u{1B}[200~two\r\nlines\u{1B}[31m\u{7}\u{1B}[201~b".utf8)
        #expect(decoder.decode(bytes) == [.character("a"), .paste("two\nlines[31m"), .character("b")])
    }

    @Test func aPasteSplitAcrossReadsWaitsForItsEnd() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~first\n".utf8)) == [])
        #expect(decoder.decode(Array("second\u{1B}[20".utf8)) == [])
        #expect(decoder.decode(Array("1~\r".utf8)) == [.paste("first\nsecond"), .enter])
    }

    @Test func aPasteWithoutItsEndIsDeliveredWhenInputStops() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~half".utf8)) == [])
        #expect(decoder.flush() == [.paste("half")])
        #expect(decoder.decode(Array(" more\u{1B}[201~x".utf8)) == [.paste(" more"), .character("x")])
    }
}
