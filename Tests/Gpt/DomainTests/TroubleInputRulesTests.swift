import GptDomain
import Testing

struct TroubleInputRulesTests {
    let rules = TroubleInputRules(maxLength: 100)

    @Test func countsKoreanSyllablesAsOneCharacterEach() {
        #expect(rules.count("시험에 떨어졌어") == 8)
    }

    @Test func countsDecomposedHangulAsOneCharacter() {
        // 안 written as three conjoining jamo (U+110B U+1161 U+11AB) is still one character to a reader.
        let decomposed = "\u{110B}\u{1161}\u{11AB}"
        #expect(decomposed.unicodeScalars.count == 3)
        #expect(rules.count(decomposed) == 1)
    }

    @Test func countsEmojiSequencesAsOneCharacterEach() {
        // family (ZWJ sequence), flag (regional indicators), thumbs up with skin tone
        let text = "👨‍👩‍👧🇰🇷👍🏽"
        #expect(text.utf16.count > 3)
        #expect(rules.count(text) == 3)
    }

    @Test func trimsBlanksBeforeCountingAndSending() throws {
        #expect(rules.count("  비가 와요 \n") == 5)
        #expect(try rules.validate("\t 비가 와요 \n") == "비가 와요")
    }

    @Test func refusesEmptyAndBlankText() {
        #expect(throws: TroubleInputError.empty) { try rules.validate("") }
        #expect(throws: TroubleInputError.empty) { try rules.validate(" \n\t ") }
        #expect(!rules.isValid("   "))
    }

    @Test func acceptsExactlyOneHundredCharactersAndRefusesOneHundredAndOne() throws {
        let hundred = String(repeating: "행", count: 99) + "🍀"
        #expect(try rules.validate(hundred) == hundred)
        let hundredAndOne = hundred + "😀"
        #expect(throws: TroubleInputError.tooLong(count: 101, limit: 100)) { try rules.validate(hundredAndOne) }
    }

    @Test func hundredEmojiAreWithinTheLimitThoughTheirUTF16IsLonger() {
        let text = String(repeating: "👩‍💻", count: 100)
        #expect(text.utf16.count == 500)
        #expect(rules.isValid(text))
    }

    @Test func honoursAConfiguredLimit() {
        let short = TroubleInputRules(maxLength: 5)
        #expect(short.isValid("안녕하세요"))
        #expect(!short.isValid("안녕하세요!"))
    }
}
