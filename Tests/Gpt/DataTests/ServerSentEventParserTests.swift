import Foundation
@testable import GptData
import Testing

struct ServerSentEventParserTests {
    func parse(_ text: String, pieceSize: Int) -> [String] {
        let bytes = Data(text.utf8)
        var parser = ServerSentEventParser()
        var events: [String] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + pieceSize, bytes.count)
            events += parser.feed(bytes.subdata(in: offset..<end))
            offset = end
        }
        return events + parser.finish()
    }

    @Test func theRealSampleGivesTheSameEventsWhateverTheReadSize() {
        let whole = parse(OpenAISamples.streamTextStopWithUsage, pieceSize: .max)
        #expect(whole.count == 34)
        #expect(whole.last == "[DONE]")
        #expect(whole.first?.hasPrefix(#"{"id":"chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL""#) == true)
        for size in [1, 2, 3, 7, 64, 1000] {
            #expect(parse(OpenAISamples.streamTextStopWithUsage, pieceSize: size) == whole, "piece size \(size)")
        }
    }

    @Test func multiByteCharactersSplitAcrossReadsStayWhole() {
        #expect(parse("data: 럭키비키🍀\n\n", pieceSize: 1) == ["럭키비키🍀"])
    }

    @Test func handlesCRLFCommentsOtherFieldsAndMultiLineData() {
        let text = ": keep-alive\r\nevent: message\r\ndata: first\r\ndata: second\r\n\r\ndata:no-space\r\rdata: last"
        #expect(parse(text, pieceSize: 1) == ["first\nsecond", "no-space", "last"])
    }

    @Test func blankLinesWithoutDataDeliverNothing() {
        #expect(parse("\n\n: ping\n\n", pieceSize: 3).isEmpty)
    }
}
