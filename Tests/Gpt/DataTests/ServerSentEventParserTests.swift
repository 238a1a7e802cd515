import Foundation
@testable import GptData
import GptDomain
import Testing

struct ServerSentEventParserTests {
    func parse(_ text: String, pieceSize: Int, maxEventBytes: Int = OpenAIChatRepository.defaultMaxEventBytes) throws(ChatError) -> [String] {
        let bytes = Data(text.utf8)
        var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
        var events: [String] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + pieceSize, bytes.count)
            events += try parser.feed(bytes.subdata(in: offset..<end))
            offset = end
        }
        return try events + parser.finish()
    }

    @Test func theRealSampleGivesTheSameEventsWhateverTheReadSize() throws {
        let whole = try parse(OpenAISamples.streamTextStopWithUsage, pieceSize: .max)
        #expect(whole.count == 34)
        #expect(whole.last == "[DONE]")
        #expect(whole.first?.hasPrefix(#"{"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL""#) == true)
        for size in [1, 2, 3, 7, 64, 1000] {
            #expect(try parse(OpenAISamples.streamTextStopWithUsage, pieceSize: size) == whole, "piece size \(size)")
        }
    }

    @Test func multiByteCharactersSplitAcrossReadsStayWhole() throws {
        #expect(try parse("data: 럭키비키🍀\n\n", pieceSize: 1) == ["럭키비키🍀"])
    }

    @Test func handlesCRLFCommentsOtherFieldsAndMultiLineData() throws {
        let text = ": keep-alive\r\nevent: message\r\ndata: first\r\ndata: second\r\n\r\ndata:no-space\r\rdata: last"
        #expect(try parse(text, pieceSize: 1) == ["first\nsecond", "no-space", "last"])
    }

    @Test func blankLinesWithoutDataDeliverNothing() throws {
        #expect(try parse("\n\n: ping\n\n", pieceSize: 3).isEmpty)
    }

    @Test func anEndlessLineStopsAtTheLimit() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1_000)
        let piece = Data(("data: " + String(repeating: "a", count: 400)).utf8)

        #expect(try parser.feed(piece).isEmpty)
        #expect(try parser.feed(piece).isEmpty) // 812 bytes of one line: within the limit
        #expect(throws: ChatError.eventTooLarge(limitBytes: 1_000)) { try parser.feed(piece) }
    }

    @Test func manyDataLinesOfOneEventStopAtTheLimit() throws {
        let line = "data: " + String(repeating: "b", count: 90) + "\n"

        #expect(try parse(String(repeating: line, count: 10) + "\n", pieceSize: 7, maxEventBytes: 1_000).count == 1)
        #expect(throws: ChatError.eventTooLarge(limitBytes: 1_000)) {
            try parse(String(repeating: line, count: 11) + "\n", pieceSize: 7, maxEventBytes: 1_000)
        }
    }

    @Test func eventsWithinTheLimitOneAfterAnotherNeverAddUp() throws {
        let event = "data: " + String(repeating: "c", count: 600) + "\n\n"

        #expect(try parse(String(repeating: event, count: 20), pieceSize: 64, maxEventBytes: 1_000).count == 20)
    }
}
