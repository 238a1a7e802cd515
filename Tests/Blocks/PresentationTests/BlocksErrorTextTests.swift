import BlocksDomain
import BlocksPresentation
import Foundation
import Testing

/// The words for each refusal: what happened and what to do next.
@Suite struct BlocksErrorTextTests {
    @Test func tooManyRepeatsSaysHowManyFitOrThatNoneDoes() {
        #expect(BlocksErrorText.text(BlocksError.tooManyRepeats(requested: 25, maximum: 24))
                == "Too many repeats: 25 rounds of focus and break take more than 24 hours; at most 24 fit.")
        #expect(BlocksErrorText.text(BlocksError.tooManyRepeats(requested: 2, maximum: 0)).hasSuffix("Shorten the durations."))
    }

    @Test func aLengthOutsideTheDaysDivisorsNamesTheAllowedOnes() {
        #expect(BlocksErrorText.text(BlocksError.unsupportedBlockLength(5)) == "A block can't be 5 hours long. Choose one of 3, 4, 6, 8, 12 hours.")
    }

    @Test func aMissingItemNamesItsKindAndID() {
        let id = UUID(uuidString: "E1650004-E619-4414-85F5-B1F0B5946374")!
        #expect(BlocksErrorText.text(BlocksError.notFound(.timer, id)).hasPrefix("No timer has the id E1650004-E619-4414-85F5-B1F0B5946374"))
    }

    @Test func anotherErrorIsShownAsItDescribesItself() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        #expect(BlocksErrorText.text(Broken()) == "disk on fire")
    }
}
