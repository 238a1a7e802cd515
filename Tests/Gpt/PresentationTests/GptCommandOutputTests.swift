import Foundation
import GptDomain
import GptPresentation
import GptTesting
import Testing

struct GptCommandOutputTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    // 2026-03-11 00:00 in Seoul
    let usage = Usage(used: 3, limit: 10, resetsAt: Date(timeIntervalSince1970: 1_773_154_800))

    @Test func usageJSONHasUsedLimitAndAnISO8601ResetInTheUsersZone() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(GptCommandOutput.UsageJSON(usage, timeZone: seoul)), as: UTF8.self)
        #expect(json == #"{"limit":10,"remaining":7,"resetsAt":"2026-03-11T00:00:00+09:00","used":3}"#)
    }

    @Test func usageTextSaysWhatIsLeftAndWhenItResetsInWords() {
        let fourHoursTwelveBefore = usage.resetsAt.addingTimeInterval(-(4 * 3600 + 12 * 60))
        #expect(GptCommandOutput.usageText(usage, now: fourHoursTwelveBefore, timeZone: seoul, localZone: seoul)
                == "3/10 uses today, 7 left; resets at midnight, in 4 h 12 min\n")
        let one = Usage(used: 0, limit: 1, resetsAt: usage.resetsAt)
        #expect(GptCommandOutput.usageText(one, now: fourHoursTwelveBefore, timeZone: seoul, localZone: seoul).hasPrefix("0/1 use today, 1 left"))
    }

    /// The day is counted in the pinned zone; when the person's own clock reads otherwise, the time names it.
    @Test func theResetTimeNamesItsZoneWhenItIsNotThePersonsOwn() {
        let reset = usage.resetsAt  // midnight in Seoul
        let before = reset.addingTimeInterval(-(7 * 3600 + 37 * 60))
        #expect(UsageFormatting.resetText(reset, now: before, in: seoul, localZone: TimeZone(identifier: "Europe/Berlin")!)
                == "at midnight (Asia/Seoul), in 7 h 37 min")
        #expect(UsageFormatting.resetText(reset, now: before, in: seoul, localZone: TimeZone(identifier: "Asia/Tokyo")!)
                == "at midnight, in 7 h 37 min", "Tokyo's clock reads as Seoul's")
        #expect(UsageFormatting.limitMessage(Usage(used: 1, limit: 1, resetsAt: reset), now: before, in: seoul, localZone: seoul)
                == "Today's limit of 1 use is reached. It resets at midnight, in 7 h 37 min.")
    }

    @Test func theResetTimeIsATimeOfDayAndAWaitRoundedUpToAMinute() {
        let reset = usage.resetsAt  // midnight in Seoul
        #expect(UsageFormatting.resetText(reset, now: reset.addingTimeInterval(-30), in: seoul, localZone: seoul) == "at midnight, in 1 min")
        #expect(UsageFormatting.resetText(reset, now: reset.addingTimeInterval(-3 * 3600), in: seoul, localZone: seoul) == "at midnight, in 3 h")
        #expect(UsageFormatting.resetText(reset, now: reset, in: seoul, localZone: seoul) == "at midnight, now")
        #expect(UsageFormatting.resetText(reset, now: reset.addingTimeInterval(-600), in: TimeZone(identifier: "UTC")!,
                                           localZone: TimeZone(identifier: "UTC")!) == "at 15:00, in 10 min")
    }

    @Test func personasTextAlignsIds() {
        let text = GptCommandOutput.personasText([.stub(id: "lucky", name: "Lucky Vicky", nickname: "the lucky optimist", introduction: "Hi."),
                                                  .stub(id: "poet", name: "Haiku", nickname: "the quiet poet", introduction: "")])
        #expect(text == "lucky  Lucky Vicky, the lucky optimist: Hi.\npoet   Haiku, the quiet poet\n")
    }
}
