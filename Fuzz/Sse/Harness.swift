import Foundation
import GptDomain

/// libFuzzer's entry: the input is a `text/event-stream` body as a chat server streams it. The first byte
/// picks how the rest is cut into reads (1 to 64 bytes at a time, as the network may cut it), the way
/// OpenAIChatRepository feeds `ServerSentEventParser`; each event's data is then decoded and mapped as a
/// chunk of a reply.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let readSize = Int(data[0] % 64) + 1
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var parser = ServerSentEventParser()
    var events: [String] = []
    var start = body.startIndex
    while start < body.endIndex {
        let end = body.index(start, offsetBy: readSize, limitedBy: body.endIndex) ?? body.endIndex
        events += parser.feed(body[start..<end])
        start = end
    }
    events += parser.finish()
    for event in events {
        guard let chunk = try? JSONDecoder().decode(ChatCompletionDTO.self, from: Data(event.utf8)) else { continue }
        _ = chunk.isFinished
        _ = chunk.replyDelta()
        _ = try? chunk.reply(personaID: "fuzz")
    }
    return 0
}
