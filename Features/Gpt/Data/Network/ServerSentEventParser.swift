import Foundation

/// Splits a `text/event-stream` body into the data of its events, however the bytes were cut into reads.
///
/// Lines end with LF, CRLF or CR; `data:` lines of one event are joined with newlines and the event is
/// complete at the blank line after it; comments (`:`) and other fields are ignored. Bytes are kept until a
/// whole line is there, so a multi-byte character split across reads is never broken.
struct ServerSentEventParser: Sendable {
    private var buffer = Data()
    private var dataLines: [String] = []
    private var pendingCR = false

    /// Adds bytes and returns the data of every event they complete, in order.
    mutating func feed(_ bytes: Data) -> [String] {
        var events: [String] = []
        for byte in bytes {
            if pendingCR {
                pendingCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A: endLine(into: &events)
            case 0x0D:
                endLine(into: &events)
                pendingCR = true
            default: buffer.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: an event not followed by a blank line is still delivered.
    mutating func finish() -> [String] {
        var events: [String] = []
        if !buffer.isEmpty { endLine(into: &events) }
        if !dataLines.isEmpty {
            events.append(dataLines.joined(separator: "\n"))
            dataLines = []
        }
        return events
    }

    private mutating func endLine(into events: inout [String]) {
        let line = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll(keepingCapacity: true)
        if line.isEmpty {
            if !dataLines.isEmpty { events.append(dataLines.joined(separator: "\n")) }
            dataLines = []
            return
        }
        guard line.hasPrefix("data:") else { return }
        var value = line.dropFirst(5)
        if value.first == " " { value = value.dropFirst() }
        dataLines.append(String(value))
    }
}
