import Foundation
import GptDomain

/// Splits a `text/event-stream` body into the data of its events, however the bytes were cut into reads.
///
/// Lines end with LF, CRLF or CR; `data:` lines of one event are joined with newlines and the event is
/// complete at the blank line after it; comments (`:`) and other fields are ignored. Bytes are kept until a
/// whole line is there, so a multi-byte character split across reads is never broken.
///
/// A line, and an event's data lines together, hold at most `maxEventBytes`: a server that sends an endless
/// line makes `feed` throw `ChatError.eventTooLarge` instead of filling the memory.
struct ServerSentEventParser: Sendable {
    private let maxEventBytes: Int
    private var buffer = Data()
    private var dataLines: [String] = []
    private var dataBytes = 0
    private var pendingCR = false

    init(maxEventBytes: Int = OpenAIChatRepository.defaultMaxEventBytes) {
        self.maxEventBytes = max(0, maxEventBytes)
    }

    /// Adds bytes and returns the data of every event they complete, in order.
    /// - Throws: `ChatError.eventTooLarge` once a line or an event passes `maxEventBytes`.
    mutating func feed(_ bytes: Data) throws(ChatError) -> [String] {
        var events: [String] = []
        for byte in bytes {
            if pendingCR {
                pendingCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A: try endLine(into: &events)
            case 0x0D:
                try endLine(into: &events)
                pendingCR = true
            default:
                guard buffer.count < maxEventBytes else { throw .eventTooLarge(limitBytes: maxEventBytes) }
                buffer.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: an event not followed by a blank line is still delivered.
    /// - Throws: `ChatError.eventTooLarge` if the last event passes `maxEventBytes`.
    mutating func finish() throws(ChatError) -> [String] {
        var events: [String] = []
        if !buffer.isEmpty { try endLine(into: &events) }
        if !dataLines.isEmpty { events.append(takeEvent()) }
        return events
    }

    private mutating func endLine(into events: inout [String]) throws(ChatError) {
        let line = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll(keepingCapacity: true)
        if line.isEmpty {
            if !dataLines.isEmpty { events.append(takeEvent()) }
            return
        }
        guard line.hasPrefix("data:") else { return }
        var value = line.dropFirst(5)
        if value.first == " " { value = value.dropFirst() }
        let (total, overflow) = dataBytes.addingReportingOverflow(value.utf8.count + 1)  // + the line feed that joins it
        guard !overflow, total <= maxEventBytes else { throw .eventTooLarge(limitBytes: maxEventBytes) }
        dataBytes = total
        dataLines.append(String(value))
    }

    private mutating func takeEvent() -> String {
        defer {
            dataLines = []
            dataBytes = 0
        }
        return dataLines.joined(separator: "\n")
    }
}
