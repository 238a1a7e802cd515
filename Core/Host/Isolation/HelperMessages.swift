import StrataBase

/// What strata sends a helper: a case for each kind of ``HelperWire`` frame that goes this way, with its
/// payload typed (as swift-syntax's `HostToPluginMessage`). ``frame`` and ``init(_:)`` are its one codec.
enum HostToHelperMessage: Equatable, Sendable {
    /// strata's opening hello: version 6's, a version alone, which every helper since 6 reads (``HelperHandshake``).
    case opening(version: UInt32)
    /// The range of versions strata speaks, in a second hello beside its opening (version 7).
    case versions(HelperVersions)
    case run(HelperRequest)
    /// The user's Ctrl-C on the command under way.
    case cancel
    case screen(HelperScreenRequest)
    /// An HTTP response's head, a chunk of its body, and its end (``HelperHTTPRelay``).
    case streamHead(HelperFetch.Answer)
    case streamChunk(id: UInt32, bytes: ArraySlice<UInt8>)
    case streamEnd(HelperFetch.Answer)
    /// The socket's descriptor comes with it when strata opened one.
    case socketAnswer(HelperSocketRequest.Answer)
    /// The file's descriptor comes with it when the user allowed it.
    case fileAnswer(HelperFileAnswer)
    case completeAnswer(HelperPathCompletion.Answer)
    /// What strata resolved for the helper's plugin, which it asked for (version 8); `nil`, an empty frame:
    /// read your config.
    case pluginRecord(HelperPluginRecord?)
}

/// What a helper sends strata: a case for each kind of ``HelperWire`` frame that goes this way, with its
/// payload typed (as swift-syntax's `PluginToHostMessage`), each read as hostile: ``init(_:)`` checks every
/// count, length and bound, and throws what isn't one.
enum HelperToHostMessage: Equatable, Sendable {
    case hello(HelperHello)
    /// Why the helper won't serve strata, in its words (shown sanitized).
    case refused(String)
    /// What the command writes to standard output and standard error, as it writes it.
    case output(String)
    case error(String)
    /// The command's exit code.
    case exit(UInt32)
    case frame(HelperScreenFrame)
    /// An HTTP request, the bytes of its answer taken, and its end asked for (``HelperHTTPClient``).
    case streamOpen(HelperFetch)
    case streamAck(id: UInt32, count: UInt32)
    case streamCancel(id: UInt32)
    case socketOpen(HelperSocketRequest)
    case fileAsk(HelperFileAsk)
    case completeAsk(HelperPathCompletion.Ask)
    /// The helper asks for its plugin's record within the handshake (version 8).
    case pluginRecordAsk
}

extension HostToHelperMessage {
    var frame: HelperWire.Frame {
        switch self {
        case .opening(let version): .init(.hello, number: version)
        case .versions(let versions): .init(.hello, versions.payload)
        case .run(let request): .init(.run, request.payload)
        case .cancel: .init(.cancel)
        case .screen(let request): .init(.screen, HelperWire.json(request))
        case .streamHead(let answer): .init(.streamHead, HelperWire.json(answer))
        case .streamChunk(let id, let bytes): .init(.streamChunk, numbers: id, then: bytes)
        case .streamEnd(let answer): .init(.streamEnd, HelperWire.json(answer))
        case .socketAnswer(let answer): .init(.socketAnswer, HelperWire.json(answer))
        case .fileAnswer(let answer): .init(.fileAnswer, HelperWire.json(answer))
        case .completeAnswer(let answer): .init(.completeAnswer, HelperWire.json(answer))
        case .pluginRecord(let record): .init(.pluginRecord, record?.payload ?? [])
        }
    }

    /// The message `frame` holds; throws ``HelperWire/Problem/malformed(_:_:)`` unless its payload is exactly
    /// one of its kind, and ``HelperWire/Problem/outOfTurn(_:)`` for a kind a helper sends.
    init(_ frame: HelperWire.Frame) throws(HelperWire.Problem) {
        let (kind, payload) = (frame.kind, frame.payload)
        switch kind {
        case .hello:
            if let version = frame.number {
                self = .opening(version: version)
            } else {
                guard payload.count == 8, let versions = HelperVersions(payload: payload[...]) else {
                    throw .malformed(kind, "a hello that is neither a version nor a range")
                }
                self = .versions(versions)
            }
        case .run: self = .run(try HelperWire.checked(HelperRequest(payload: payload), kind))
        case .cancel:
            guard payload.isEmpty else { throw .malformed(kind, "a cancel with \(payload.count) bytes") }
            self = .cancel
        case .screen:
            let request = try HelperWire.decoded(HelperScreenRequest.self, kind, payload)
            guard request.context.isValid else { throw .malformed(kind, "a screen request for a canvas no helper draws") }
            self = .screen(request)
        case .streamHead: self = .streamHead(try HelperWire.decoded(HelperFetch.Answer.self, kind, payload))
        case .streamChunk:
            var reader = WireReader(payload)
            guard let id = reader.read(UInt32.self) else { throw .malformed(kind, "a chunk without its stream") }
            self = .streamChunk(id: id, bytes: reader.readRest())
        case .streamEnd: self = .streamEnd(try HelperWire.decoded(HelperFetch.Answer.self, kind, payload))
        case .socketAnswer: self = .socketAnswer(try HelperWire.decoded(HelperSocketRequest.Answer.self, kind, payload))
        case .fileAnswer: self = .fileAnswer(try HelperWire.decoded(HelperFileAnswer.self, kind, payload))
        case .completeAnswer:
            let answer = try HelperWire.decoded(HelperPathCompletion.Answer.self, kind, payload)
            guard answer.paths.count <= FileNameCompletion.maximumNames else { throw .malformed(kind, "\(answer.paths.count) names") }
            self = .completeAnswer(answer)
        case .pluginRecord: self = .pluginRecord(payload.isEmpty ? nil : try HelperWire.checked(HelperPluginRecord(payload: payload), kind))
        case .refused, .output, .error, .exit, .frame, .streamOpen, .streamAck, .streamCancel, .socketOpen, .fileAsk, .completeAsk, .pluginRecordAsk:
            throw .outOfTurn(kind)
        }
    }
}

extension HelperToHostMessage {
    var frame: HelperWire.Frame {
        switch self {
        case .hello(let hello): .init(.hello, hello.payload)
        case .refused(let text): .init(.refused, text: text)
        case .output(let text): .init(.output, text: text)
        case .error(let text): .init(.error, text: text)
        case .exit(let code): .init(.exit, number: code)
        case .frame(let frame): .init(.frame, frame.payload)
        case .streamOpen(let fetch): .init(.streamOpen, HelperWire.json(fetch))
        case .streamAck(let id, let count): .init(.streamAck, numbers: id, count)
        case .streamCancel(let id): .init(.streamCancel, number: id)
        case .socketOpen(let request): .init(.socketOpen, HelperWire.json(request))
        case .fileAsk(let ask): .init(.fileAsk, HelperWire.json(ask))
        case .completeAsk(let ask): .init(.completeAsk, HelperWire.json(ask))
        case .pluginRecordAsk: .init(.pluginRecordAsk)
        }
    }

    /// The message `frame` holds; throws ``HelperWire/Problem/malformed(_:_:)`` unless its payload is exactly
    /// one of its kind within its bounds, and ``HelperWire/Problem/outOfTurn(_:)`` for a kind strata sends.
    /// Texts are read as they came (invalid UTF-8 replaced), and sanitized where they are shown.
    init(_ frame: HelperWire.Frame) throws(HelperWire.Problem) {
        let (kind, payload) = (frame.kind, frame.payload)
        switch kind {
        case .hello: self = .hello(try HelperWire.checked(HelperHello(payload: payload), kind))
        case .refused: self = .refused(frame.text)
        case .output: self = .output(frame.text)
        case .error: self = .error(frame.text)
        case .exit: self = .exit(try HelperWire.checked(frame.number, kind))
        case .frame:
            do {
                // A frame drawn before a new size reached the helper is drawn clipped, so any size up to the
                // largest is one strata can show.
                self = .frame(try HelperScreenFrame(payload: payload, size: HelperScreenRequest.Context.maximumSize))
            } catch {
                throw .malformed(kind, error.description)
            }
        case .streamOpen: self = .streamOpen(try HelperWire.decoded(HelperFetch.self, kind, payload))
        case .streamAck:
            var reader = WireReader(payload)
            guard let id = reader.read(UInt32.self), let count = reader.read(UInt32.self), reader.isAtEnd else {
                throw .malformed(kind, "an acknowledgement that is not two numbers")
            }
            self = .streamAck(id: id, count: count)
        case .streamCancel: self = .streamCancel(id: try HelperWire.checked(frame.number, kind))
        case .socketOpen: self = .socketOpen(try HelperWire.decoded(HelperSocketRequest.self, kind, payload))
        case .fileAsk:
            let ask = try HelperWire.decoded(HelperFileAsk.self, kind, payload, within: HelperFileAsk.maximumPayload)
            if let problem = ask.problem { throw .malformed(kind, "a file asked for where \(problem)") }
            self = .fileAsk(ask)
        case .completeAsk:
            let ask = try HelperWire.decoded(HelperPathCompletion.Ask.self, kind, payload, within: HelperFileAsk.maximumPayload)
            if let problem = ask.problem { throw .malformed(kind, "names asked for where \(problem)") }
            self = .completeAsk(ask)
        case .pluginRecordAsk:
            guard payload.isEmpty else { throw .malformed(kind, "an ask for the plugin's record with \(payload.count) bytes") }
            self = .pluginRecordAsk
        case .run, .cancel, .screen, .streamHead, .streamChunk, .streamEnd, .socketAnswer, .fileAnswer, .completeAnswer, .pluginRecord:
            throw .outOfTurn(kind)
        }
    }
}

extension HelperWire {
    /// The `T` a payload of `kind` holds as JSON, at most `limit` bytes of it.
    fileprivate static func decoded<T: Decodable>(_: T.Type, _ kind: Kind, _ payload: [UInt8], within limit: Int = maximumPayload) throws(Problem) -> T {
        guard payload.count <= limit else { throw .malformed(kind, "a frame of kind \(kind) of \(payload.count) bytes, more than the \(limit) allowed") }
        guard let value = value(T.self, json: payload) else { throw .malformed(kind, "a frame of kind \(kind) that is not its JSON") }
        return value
    }

    fileprivate static func checked<T>(_ value: T?, _ kind: Kind) throws(Problem) -> T {
        guard let value else { throw .malformed(kind, "a frame of kind \(kind) that is not one") }
        return value
    }
}

extension HelperChannel {
    /// Sends `message` (its text split across frames when longer than one holds), with `descriptors` when
    /// there are any (``send(_:descriptors:)``); false when the other end is gone.
    @discardableResult
    func send(_ message: HostToHelperMessage, descriptors: [Int32] = []) -> Bool { send(message.frame, descriptors: descriptors) }

    @discardableResult
    func send(_ message: HelperToHostMessage, descriptors: [Int32] = []) -> Bool { send(message.frame, descriptors: descriptors) }
}
