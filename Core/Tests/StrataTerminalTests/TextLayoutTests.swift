import Testing
@testable import StrataTerminal

@Suite struct TextLayoutTests {
    @Test func countsWideCharactersAsTwoCellsAndCombiningMarksAsNone() {
        #expect("abc".displayWidth == 3)
        #expect("한국어".displayWidth == 6)
        #expect("日本".displayWidth == 4)
        #expect("ｶ".displayWidth == 1)             // halfwidth katakana
        #expect("Ｆ".displayWidth == 2)             // fullwidth Latin
        #expect("e\u{301}".displayWidth == 1)      // e + combining acute
        #expect("\u{301}".displayWidth == 0)
        #expect("\u{200B}".displayWidth == 0)      // zero-width space
        #expect("\u{1100}\u{1161}\u{11A8}".displayWidth == 2)  // 각 from jamo
    }

    @Test func countsEmojiAsTwoCells() {
        #expect("👍".displayWidth == 2)
        #expect("👍🏽".displayWidth == 2)
        #expect("👨‍👩‍👧".displayWidth == 2)
        #expect("🇰🇷".displayWidth == 2)
        #expect("❤️".displayWidth == 2)             // text-default heart with VS16
        #expect("❤".displayWidth == 1)
    }

    @Test func truncatesWithAnEllipsisOnlyWhenNeeded() {
        #expect("Hello".truncated(toWidth: 5) == "Hello")
        #expect("Hello, world".truncated(toWidth: 8) == "Hello, …")
        #expect("Hello".truncated(toWidth: 0) == "")
        #expect("Hello".truncated(toWidth: 1) == "…")
    }

    @Test func neverSplitsAWideCharacterWhenTruncating() {
        let cut = "한국어입니다".truncated(toWidth: 6)
        #expect(cut == "한국…")
        #expect(cut.displayWidth == 5)
        #expect("한국어".padded(toWidth: 5) == "한국…")
        #expect("ab".padded(toWidth: 4) == "ab  ")
    }

    @Test func wrapsAtSpaces() {
        #expect("the quick brown fox jumps".wrapped(toWidth: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func breaksWordsLongerThanALine() {
        #expect("abcdefghij xy".wrapped(toWidth: 4) == ["abcd", "efgh", "ij", "xy"])
    }

    @Test func wrapsTextWithoutSpacesByDisplayWidth() {
        let lines = "가나다라마바사".wrapped(toWidth: 5)
        #expect(lines == ["가나", "다라", "마바", "사"])
        #expect(lines.allSatisfy { $0.displayWidth <= 5 })
    }

    @Test func keepsNewlinesAsLineBreaks() {
        #expect("one\n\ntwo three".wrapped(toWidth: 20) == ["one", "", "two three"])
        #expect("x".wrapped(toWidth: 0).isEmpty)
    }
}
