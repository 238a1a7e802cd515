@testable import StrataURLSession
import Testing

@Suite struct ResponseHeadReaderTests {
    @Test func onlyTheLastResponsesFieldsAreKept() {
        var reader = ResponseHeadReader()
        let lines = ["HTTP/1.1 100 Continue\r\n", "\r\n",
                     "HTTP/1.1 302 Found\r\n", "Location: /next\r\n", "X-Hop: 1\r\n", "\r\n",
                     "HTTP/2 200\r\n", "content-type: application/json\r\n", "\r\n"]

        let ends = lines.map { reader.read($0) }

        #expect(ends == [false, true, false, false, false, true, false, false, true])
        #expect(reader.fields == ["content-type": "application/json"])
    }

    @Test func namesAreLowercasedValuesTrimmedAndRepeatsJoined() {
        var reader = ResponseHeadReader()
        for line in ["HTTP/1.1 200 OK\r\n", "Set-Cookie:  a=1 \r\n", "set-cookie: b=2\r\n", "X-Empty:\r\n", "X-Long: first\r\n", "\t second\r\n"] {
            _ = reader.read(line)
        }

        #expect(reader.fields == ["set-cookie": "a=1, b=2", "x-empty": "", "x-long": "first second"])
    }

    @Test func aBareNewlineEndsTheHeadToo() {
        var reader = ResponseHeadReader()
        let ends = [reader.read("HTTP/1.0 204 No Content\n"), reader.read("\n")]

        #expect(ends == [false, true])
    }
}
