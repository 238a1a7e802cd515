import FoundationEssentials
import Glibc
import Synchronization

/// The one wire format between strata and a plugin's helper process, over a socketpair (as the Swift
/// compiler speaks to `swift-plugin-server`): each frame is a 4-byte big-endian length, then a kind byte,
/// then the payload. Both ends bound what they read, and bytes that don't fit are an error, never a trap. Each
/// direction has one message type, a case per kind, and one codec (``HostToHelperMessage``,
/// ``HelperToHostMessage``); the integers in payloads are big-endian (``WireWriter``, ``WireReader``).
///
/// A session: the host sends ``Kind/hello`` (the versions it speaks: ``HelperHandshake``); the helper answers ``Kind/hello`` once
/// it is sandboxed and has opened the plugin (a ``HelperHello``), or ``Kind/refused`` with a sentence. Then, per command, the
/// host sends ``Kind/run``; the helper sends ``Kind/output`` and ``Kind/error`` as the command writes, and
/// ``Kind/exit`` with its code; the host may send ``Kind/cancel`` (Ctrl-C) meanwhile, and the helper an
/// HTTP request (below).
///
/// A helper started for the plugin's screens gets ``Kind/screen`` requests instead (``HelperScreenRequest``:
/// open, a key, draw, quit) and answers each with a ``Kind/frame`` (``HelperScreenFrame``) of the same
/// sequence number; it sends a frame numbered 0 on its own when the screen changes (a load ends, an
/// animation moves). Version 2 added these two kinds; a helper of another version is refused at the handshake.
///
/// Version 3 streams every HTTP response (``HelperHTTPRelay``; version 2 sent a request as kind 9 and
/// its whole answer as kind 10, in one frame): the helper sends ``Kind/streamOpen`` (a ``HelperFetch``);
/// strata answers ``Kind/streamHead``, then ``Kind/streamChunk``s as the bytes arrive, then
/// ``Kind/streamEnd``. The helper acknowledges each chunk it took (``Kind/streamAck``), and strata sends no
/// more than a window ahead; it sends ``Kind/streamCancel`` when its reader stops.
///
/// Version 4 sends a command line as ``HelperRequest/payload`` (a flags byte and length-prefixed words)
/// instead of JSON. Version 5 adds what strata opens as the user for a helper: the TCP sockets for the
/// address the user typed (``HelperSocketGrants``: the helper sends ``Kind/socketOpen``, strata answers
/// ``Kind/socketAnswer``), and a file the user typed in the helper's open screen (``Kind/fileAsk``, a
/// ``HelperFileAsk``), which strata asks the user for on a prompt of its own and answers with ``Kind/fileAnswer``
/// (``HelperFileAnswer``), with the file's descriptor when the user allowed it. Version 6: the helper's
/// ``Kind/hello`` says how long loading and registering the plugin took in it (``HelperHello``). Version 7:
/// the two ends exchange the range of versions each speaks and use the highest both do (``HelperHandshake``);
/// strata lists a folder for a Tab in a path field of the helper's screen (``HelperPathCompletion``). Version 8:
/// the helper asks for what strata resolved for its plugin (``Kind/pluginRecordAsk``) before it opens it, and
/// strata sends it (``Kind/pluginRecord``, a ``HelperPluginRecord``): the helper reads no config and discovers nothing.
/// Version 9: a ``Kind/run`` carries the command strata routed the words to and the arguments it parsed
/// (``HelperRequest/Routed``); the helper looks the command up by its exact path and parses nothing.
///
/// A frame carries the pictures its screen placed through the kitty graphics protocol (``HelperScreenFrame/Placement``)
/// when strata's request asks for them (``HelperScreenRequest/Context/kitty``) and its header says how many
/// follow the rows. Neither needs a version of its own: a helper of version 8 reads no `kitty` and sends none,
/// and a strata of version 8 asks for none.
enum HelperWire {
    /// The newest version of this format; ``HelperVersions/spoken`` is every one this build speaks.
    static let version: UInt32 = 9
    /// The largest payload either end accepts.
    static let maximumPayload = 1 << 20
    /// How long a frame may take to arrive whole once its first byte came: a helper that sends part of one and
    /// stops holds nothing of strata's longer.
    static let frameSeconds = 5

    enum Kind: UInt8, Sendable {
        case hello = 1, refused, run, output, error, exit, cancel
        /// A request to the screen the helper runs (``HelperScreenRequest``), and the frame it draws.
        case screen = 11, frame
        /// A streamed request and its answer as it arrives (``HelperHTTPRelay``), version 3.
        case streamOpen = 13, streamHead, streamChunk, streamEnd, streamAck, streamCancel
        /// A TCP socket the helper asks for (``HelperSocketRequest``), and strata's answer, with the socket's
        /// descriptor when it opened one (version 5).
        case socketOpen = 19, socketAnswer
        /// A file the user typed in the helper's screen, asked for, and strata's answer (``HelperFileAsk``, version 5).
        case fileAsk = 21, fileAnswer
        /// The names a path typed in the helper's screen could complete to, for a Tab, and strata's listing
        /// (``HelperPathCompletion``, version 7).
        case completeAsk = 23, completeAnswer
        /// What strata resolved for the helper's plugin (``HelperPluginRecord``), and the helper's ask for it
        /// within the handshake (version 8).
        case pluginRecord = 25, pluginRecordAsk
    }

    struct Frame: Equatable, Sendable {
        var kind: Kind
        var payload: [UInt8]

        init(_ kind: Kind, _ payload: [UInt8] = []) {
            self.kind = kind
            self.payload = payload
        }

        init(_ kind: Kind, text: String) { self.init(kind, Array(text.utf8)) }

        init(_ kind: Kind, number: UInt32) { self.init(kind, numbers: number) }

        /// A payload of big-endian `numbers`, then `rest`.
        init(_ kind: Kind, numbers: UInt32..., then rest: ArraySlice<UInt8> = []) {
            self.init(
                kind,
                WireWriter.bytes(capacity: 4 * numbers.count + rest.count) { writer in
                    for number in numbers { writer.write(number) }
                    writer.write(rest)
                })
        }

        var text: String { String(decoding: payload, as: UTF8.self) }

        /// The payload as one big-endian number, `nil` unless it is exactly four bytes.
        var number: UInt32? {
            var reader = WireReader(payload)
            return reader.read(UInt32.self).flatMap { reader.isAtEnd ? $0 : nil }
        }

        /// The frame's bytes on the wire, in one allocation.
        var bytes: [UInt8] {
            WireWriter.bytes(capacity: 5 + payload.count) { writer in
                writer.write(UInt32(payload.count + 1))
                writer.write(kind.rawValue)
                writer.write(payload)
            }
        }
    }

    /// Why bytes read are not a frame.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case closed
        case tooLarge(Int)
        case unknownKind(UInt8)
        case empty
        /// No whole frame came before the deadline the reader set.
        case timedOut
        /// Part of a frame came, then nothing more for ``HelperWire/frameSeconds``.
        case stalled(bytes: Int)
        /// A frame whose payload is not one of its kind (``HostToHelperMessage``, ``HelperToHostMessage``), and why.
        case malformed(Kind, String)
        /// A frame of a kind that goes the other way.
        case outOfTurn(Kind)

        var description: String {
            switch self {
            case .closed: "the other end closed the connection"
            case .tooLarge(let count): "a frame of \(count) bytes, more than the \(HelperWire.maximumPayload + 1) allowed"
            case .unknownKind(let kind): "a frame of unknown kind \(kind)"
            case .empty: "a frame without a kind"
            case .timedOut: "no frame in time"
            case .stalled(let bytes): "\(bytes) byte\(bytes == 1 ? "" : "s") of a frame, then nothing for \(HelperWire.frameSeconds) s"
            case .malformed(_, let why): why
            case .outOfTurn(let kind): "a frame out of turn (\(kind))"
            }
        }

        /// What a helper did, for the line that says why strata stopped it: `sent a frame strata can't read
        /// (…)`, `sent 1 byte of a frame, then nothing for 5 s`; `nil` when it closed its end.
        var helperFault: String? {
            switch self {
            case .closed: nil
            case .timedOut: "didn't answer in time"
            case .stalled, .outOfTurn: "sent \(self)"
            case .tooLarge, .unknownKind, .empty, .malformed: "sent a frame strata can't read (\(self))"
            }
        }
    }

    /// A payload that crosses as JSON (the messages', a screen frame's header, a command line's files): every
    /// one is encoded here.
    static func json(_ value: some Encodable) -> [UInt8] { (try? JSONEncoder().encode(value)).map(Array.init) ?? [] }

    /// The `T` that `bytes` hold as JSON, `nil` unless they are one: every one is decoded here.
    static func value<T: Decodable>(_: T.Type, json bytes: some Collection<UInt8>) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(bytes))
    }

    /// Reads a frame from the front of `buffer` (its length checked before anything is taken): `nil` when
    /// the buffer doesn't yet hold a whole frame.
    static func frame(from buffer: inout [UInt8]) throws(Problem) -> Frame? {
        var header = WireReader(buffer.prefix(4))
        guard let length = header.read(UInt32.self).map(Int.init) else { return nil }
        guard length >= 1 else { throw .empty }
        guard length <= maximumPayload + 1 else { throw .tooLarge(length) }
        guard buffer.count >= 4 + length else { return nil }
        guard let kind = Kind(rawValue: buffer[4]) else { throw .unknownKind(buffer[4]) }
        let frame = Frame(kind, Array(buffer[5..<(4 + length)]))
        buffer.removeFirst(4 + length)
        return frame
    }
}

/// One end of the helper's socketpair: writes whole frames (one writer at a time), reads frames one by one.
final class HelperChannel: Sendable {
    let descriptor: Int32
    private let writing = Mutex(())
    /// Bytes read past the last frame returned, held by the one reader at a time.
    private let reading = Mutex<[UInt8]>([])

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends a frame (text longer than a frame holds is split); false when the other end is gone.
    @discardableResult
    func send(_ frame: HelperWire.Frame) -> Bool {
        guard frame.payload.count > HelperWire.maximumPayload else { return write(frame.bytes) }
        var rest = frame.payload[...]
        while !rest.isEmpty {
            guard write(HelperWire.Frame(frame.kind, Array(rest.prefix(HelperWire.maximumPayload))).bytes) else { return false }
            rest = rest.dropFirst(HelperWire.maximumPayload)
        }
        return true
    }

    /// Sends `frames` (each at most ``HelperWire/maximumPayload``) in one write, so that the other end's read
    /// takes them together (``HelperHandshake``); false when the other end is gone.
    @discardableResult
    func send(frames: [HelperWire.Frame]) -> Bool {
        write(frames.flatMap(\.bytes))
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        writing.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// The next frame, waiting for it until `deadline` (`nil`: as long as it takes); throws
    /// ``HelperWire/Problem/closed`` at the end, ``HelperWire/Problem/timedOut`` past the deadline, and
    /// ``HelperWire/Problem/stalled(bytes:)`` when part of a frame came and the rest didn't within
    /// ``HelperWire/frameSeconds``. Reads go into a buffer on the stack (not a new 64 KiB array per call), and
    /// readers take turns.
    func receive(until deadline: ContinuousClock.Instant? = nil) throws(HelperWire.Problem) -> HelperWire.Frame {
        try reading.withLock { buffer throws(HelperWire.Problem) in
            // Bytes left from the last read are a frame begun: its rest is due from now.
            var begun: ContinuousClock.Instant? = buffer.isEmpty ? nil : .now
            while true {
                if let frame = try HelperWire.frame(from: &buffer) { return frame }
                if !buffer.isEmpty, begun == nil { begun = .now }
                let frameDue = begun.map { $0 + .seconds(HelperWire.frameSeconds) }
                if let due = [deadline, frameDue].compactMap({ $0 }).min() {
                    guard Self.waitReadable(descriptor, until: due) else {
                        throw frameDue.map { $0 <= due } == true ? .stalled(bytes: buffer.count) : .timedOut
                    }
                }
                let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { chunk in
                    let count = recv(descriptor, chunk.baseAddress, chunk.count, 0)
                    if count > 0 { buffer += chunk[..<count] }
                    return count
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw .closed }
            }
        }
    }
}

/// Descriptors beside the frames (SCM_RIGHTS): how the files a user named on a process-isolated plugin's
/// command line cross to its helper (``HelperFiles``), and the sockets strata opens for it (``HelperSocketGrants``). They ride on the first byte of the frame they go with,
/// and arrive with it, or with an earlier read of the same stream; the one reader keeps them in order.
extension HelperChannel {
    /// The most descriptors one frame carries, and one read takes.
    static let maximumDescriptors = 16

    /// Sends a frame (at most ``HelperWire/maximumPayload``) with `descriptors` (at most
    /// ``maximumDescriptors``), which the other end gets as its own; false when it is gone or they don't fit.
    @discardableResult
    func send(_ frame: HelperWire.Frame, descriptors: [Int32]) -> Bool {
        guard !descriptors.isEmpty else { return send(frame) }
        guard descriptors.count <= Self.maximumDescriptors, frame.payload.count <= HelperWire.maximumPayload else { return false }
        let bytes = frame.bytes
        return writing.withLock { _ in
            var control = Self.control(descriptors)
            var sent = bytes.withUnsafeBytes { data in
                control.withUnsafeMutableBytes { space in
                    var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: data.baseAddress), iov_len: data.count)
                    return withUnsafeMutablePointer(to: &vector) { vector in
                        var message = msghdr(
                            msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1, msg_control: space.baseAddress,
                            msg_controllen: space.count, msg_flags: 0)
                        var sent = -1
                        repeat { sent = sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL)) } while sent < 0 && errno == EINTR
                        return sent
                    }
                }
            }
            // The descriptors went with the first byte; the rest of the frame follows as plain bytes.
            while sent > 0 && sent < bytes.count {
                let more = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if more < 0 && errno == EINTR { continue }
                guard more > 0 else { return false }
                sent += more
            }
            return sent == bytes.count
        }
    }

    /// The next frame, as ``receive()`` reads it, and the descriptors that came with the bytes read meanwhile,
    /// appended to `descriptors` in the order they were sent (close-on-exec). The one reader calls this one
    /// only: a plain read drops the descriptors that ride on its bytes.
    func receive(descriptors: inout [Int32]) throws(HelperWire.Problem) -> HelperWire.Frame {
        try reading.withLock { buffer throws(HelperWire.Problem) in
            while true {
                if let frame = try HelperWire.frame(from: &buffer) { return frame }
                let count = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65536) { chunk in
                    var vector = iovec(iov_base: UnsafeMutableRawPointer(chunk.baseAddress), iov_len: chunk.count)
                    // On the stack, as the bytes are: this is every read of the helper's socket.
                    let space = Self.controlSpace(Self.maximumDescriptors)
                    let count = withUnsafeTemporaryAllocation(byteCount: space, alignment: MemoryLayout<cmsghdr>.alignment) { space in
                        withUnsafeMutablePointer(to: &vector) { vector in
                            var message = msghdr(
                                msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1, msg_control: space.baseAddress,
                                msg_controllen: space.count, msg_flags: 0)
                            let count = recvmsg(descriptor, &message, Int32(MSG_CMSG_CLOEXEC))
                            if count >= 0 { descriptors += Self.descriptors(in: space.prefix(Int(message.msg_controllen))) }
                            return count
                        }
                    }
                    if count > 0 { buffer += chunk[..<count] }
                    return count
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw .closed }
            }
        }
    }

    /// Whether `descriptor` has something to read (or an end or error, which the read then tells) before
    /// `deadline`.
    private static func waitReadable(_ descriptor: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - .now
            guard left > .zero else { return false }
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let result = poll(&ready, 1, Int32(clamping: milliseconds))
            if result > 0 || (result < 0 && errno != EINTR) { return true }
        }
    }

    /// The room a control message of `count` descriptors takes (`CMSG_SPACE`).
    private static func controlSpace(_ count: Int) -> Int {
        let header = MemoryLayout<cmsghdr>.stride, data = count * MemoryLayout<Int32>.size
        return header + (data + MemoryLayout<Int>.size - 1) / MemoryLayout<Int>.size * MemoryLayout<Int>.size
    }

    /// One SCM_RIGHTS control message holding `descriptors`.
    private static func control(_ descriptors: [Int32]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: controlSpace(descriptors.count))
        bytes.withUnsafeMutableBytes { space in
            var header = cmsghdr()
            header.cmsg_len = MemoryLayout<cmsghdr>.stride + descriptors.count * MemoryLayout<Int32>.size
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            space.storeBytes(of: header, as: cmsghdr.self)
            for (index, descriptor) in descriptors.enumerated() {
                space.storeBytes(of: descriptor, toByteOffset: MemoryLayout<cmsghdr>.stride + index * 4, as: Int32.self)
            }
        }
        return bytes
    }

    /// The descriptors of the SCM_RIGHTS messages in `control` (what `recvmsg` filled), each length checked.
    private static func descriptors(in control: UnsafeMutableRawBufferPointer.SubSequence) -> [Int32] {
        let space = UnsafeRawBufferPointer(rebasing: control)
        var found: [Int32] = [], offset = 0
        let header = MemoryLayout<cmsghdr>.stride
        while offset + header <= space.count {
            let message = space.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self)
            guard message.cmsg_len >= header, message.cmsg_len <= space.count - offset else { break }
            if message.cmsg_level == SOL_SOCKET && message.cmsg_type == Int32(SCM_RIGHTS) {
                let count = (message.cmsg_len - header) / MemoryLayout<Int32>.size
                for index in 0..<count {
                    found.append(space.loadUnaligned(fromByteOffset: offset + header + index * 4, as: Int32.self))
                }
            }
            offset += (message.cmsg_len + MemoryLayout<Int>.size - 1) / MemoryLayout<Int>.size * MemoryLayout<Int>.size
        }
        return found
    }
}
