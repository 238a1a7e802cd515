import Foundation
import GptDomain

/// libFuzzer's entry: the input is a `text/event-stream` body as a chat server streams it. The first byte
/// picks how the rest is cut into reads (its low 6 bits: 1 to 64 bytes at a time, as the network may cut
/// it) and the parser's size limit (its high 2 bits: the default, or 16, 256 or 4096 bytes, so that the
/// limit is reached); the body is fed to `ServerSentEventParser` as OpenAIChatRepository feeds it, and each
/// event's data is decoded and mapped as a chunk of a reply, or as the error a server may send instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let readSize = Int(data[0] & 0x3F) + 1
    let limits = [OpenAIChatRepository.defaultMaxEventBytes, 16, 256, 4096]
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var parser = ServerSentEventParser(maxEventBytes: limits[Int(data[0] >> 6)])
    var events: [String] = []
    var start = body.startIndex
    do {
        while start < body.endIndex {
            let end = body.index(start, offsetBy: readSize, limitedBy: body.endIndex) ?? body.endIndex
            events += try parser.feed(body[start..<end])
            start = end
        }
        events += try parser.finish()
    } catch {
        guard case .eventTooLarge = error else { fatalError("the parser threw \(error), which it never should") }
    }
    for event in events {
        let bytes = Data(event.utf8)
        if let failure = try? JSONDecoder().decode(OpenAIErrorResponseDTO.self, from: bytes) { _ = failure.error.message }
        guard let chunk = try? JSONDecoder().decode(ChatCompletionDTO.self, from: bytes) else { continue }
        _ = chunk.isFinished
        _ = chunk.replyDelta()
        _ = try? chunk.reply(personaID: "fuzz")
    }
    return 0
}
