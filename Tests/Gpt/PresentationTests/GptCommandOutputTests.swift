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

    @Test func usageTextSaysWhatIsLeftAndWhenItResets() {
        #expect(GptCommandOutput.usageText(usage, timeZone: seoul) == "3/10 uses today, 7 left; resets at 2026-03-11T00:00:00+09:00\n")
    }

    @Test func personasTextAlignsIds() {
        let text = GptCommandOutput.personasText([.stub(id: "lucky", name: "Lucky Vicky", nickname: "the lucky optimist", introduction: "Hi."),
                                                  .stub(id: "poet", name: "Haiku", nickname: "the quiet poet", introduction: "")])
        #expect(text == "lucky  Lucky Vicky, the lucky optimist: Hi.\npoet   Haiku, the quiet poet\n")
    }
}
