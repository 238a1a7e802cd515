import Dispatch
import Glibc
import StrataBase
import StrataNetworking
import StrataPluginKit
import Synchronization

/// A TCP socket a helper asks strata to open (``HelperWire/Kind/socketOpen``), and strata's answer
/// (``HelperWire/Kind/socketAnswer``), which carries the socket's descriptor when strata opened it.
struct HelperSocketRequest: Codable, Equatable {
    var id: UInt32
    var endpoint: String
    var host: String
    var port: UInt16
    var timeout: Double = 5

    var address: TCPAddress { TCPAddress(host: host, port: port) }

    /// The longest strata waits for the connection: the timeout asked for, within 0 and
    /// ``HelperSocketGrants/longestConnect`` (a NaN or an infinity waits no time).
    var boundedTimeout: Double { timeout.isFinite ? min(max(timeout, 0), HelperSocketGrants.longestConnect) : 0 }

    struct Answer: Codable, Equatable {
        var id: UInt32
        /// The case of ``TCPSocketError`` when strata opened nothing, with its text and `errno`.
        var failure: String?
        var text: String?
        var code: Int32?

        init(id: UInt32, result: Result<Void, TCPSocketError>) {
            self.id = id
            guard case .failure(let error) = result else { return }
            switch error {
            case .notAnAddress(let text): (failure, self.text) = ("notAnAddress", text)
            case .unknownHost(let text): (failure, self.text) = ("unknownHost", text)
            case .inUse(let text): (failure, self.text) = ("inUse", text)
            case .refused(let text): (failure, self.text) = ("refused", text)
            case .timedOut(let text): (failure, self.text) = ("timedOut", text)
            case .notGranted(let text): (failure, self.text) = ("notGranted", text)
            case .system(let text, let code): (failure, self.text, self.code) = ("system", text, code)
            @unknown default: (failure, self.text) = ("notGranted", error.description)
            }
        }

        /// What went wrong, `nil` when the socket came with it.
        var error: TCPSocketError? {
            guard let failure else { return nil }
            let text = text ?? ""
            return switch failure {
            case "notAnAddress": .notAnAddress(text)
            case "unknownHost": .unknownHost(text)
            case "inUse": .inUse(text)
            case "refused": .refused(text)
            case "timedOut": .timedOut(text)
            case "system": .system(text, code ?? EIO)
            default: .notGranted(text)
            }
        }
    }
}

/// The sockets a plugin resolves in its helper: each crosses as a request to strata, which opens the one for
/// the address the user typed (``HelperSocketGrants``) and sends its descriptor back. The asking thread
/// waits for the answer; the helper's reader goes on meanwhile (``HelperFrameReader``).
final class HelperTCPSockets: TCPSockets {
    /// A request waiting for strata's answer.
    private final class Waiter: Sendable {
        let arrived = DispatchSemaphore(value: 0)
        /// The answer and the descriptor that came with it, set as it is taken from ``waiting``.
        let answer = Mutex<(HelperSocketRequest.Answer, Int32?)?>(nil)
    }

    private let channel: HelperChannel
    private let waiting = Mutex<(next: UInt32, waiters: [UInt32: Waiter])>((1, [:]))

    /// How long an answer may take past the request's own timeout (strata spaces connections out).
    static let answerGrace = 30.0

    init(channel: HelperChannel) {
        self.channel = channel
    }

    func listen(host: String, port: UInt16) throws(TCPSocketError) -> Int32 {
        try ask(HelperSocketRequest(id: 0, endpoint: CommandSpec.Endpoint.listen.rawValue, host: host, port: port))
    }

    func connect(host: String, port: UInt16, timeoutSeconds: Double) throws(TCPSocketError) -> Int32 {
        try ask(HelperSocketRequest(id: 0, endpoint: CommandSpec.Endpoint.connect.rawValue, host: host, port: port, timeout: timeoutSeconds))
    }

    private func ask(_ request: HelperSocketRequest) throws(TCPSocketError) -> Int32 {
        var request = request
        let waiter = Waiter()
        request.id = waiting.withLock { state in
            let id = state.next
            state.next &+= 1
            state.waiters[id] = waiter
            return id
        }
        let sent = channel.send(HelperToHostMessage.socketOpen(request))
        if sent {
            let patience = request.boundedTimeout + Self.answerGrace
            _ = waiter.arrived.wait(timeout: .now() + patience)
        }
        // Still waiting: no answer came (one that comes later finds nobody, and its socket is closed).
        if waiting.withLock({ $0.waiters.removeValue(forKey: request.id) }) != nil {
            throw sent ? .timedOut(request.address.description) : .notGranted("strata is gone")
        }
        guard let (answer, descriptor) = waiter.answer.withLock({ $0 }) else { throw .notGranted("strata's answer was lost") }
        if let error = answer.error {
            if let descriptor { close(descriptor) }
            throw error
        }
        guard let descriptor else { throw .notGranted("strata's answer came without its socket") }
        return descriptor
    }

    /// Hands strata's answer to the thread waiting for it, with the descriptor that came with it (closed when
    /// nobody waits any more).
    func deliver(_ answer: HelperSocketRequest.Answer, descriptor: Int32?) {
        let waiter = waiting.withLock { state in
            let waiter = state.waiters.removeValue(forKey: answer.id)
            waiter?.answer.withLock { $0 = (answer, descriptor) }
            return waiter
        }
        guard let waiter else {
            if let descriptor { close(descriptor) }
            return
        }
        waiter.arrived.signal()
    }
}

/// strata's side: the sockets it opens for a process-isolated plugin's command, with the user's authority, and
/// only for the addresses the user typed where the command declares one (``CommandSpec/Endpoint``): to listen
/// where the user said, and to connect (again, after a drop) where the user said. Bounded in number and spaced
/// in time, so that a plugin can't use strata to scan or flood even that address.
final class HelperSocketGrants: Sendable {
    /// The most sockets one command gets.
    static let maximumSockets = 64
    /// The least time between two connections.
    static let connectSpacing: Duration = .milliseconds(500)
    /// The longest wait for a connection.
    static let longestConnect = 10.0

    let pluginID: String
    /// The addresses typed, and what the command may do with each.
    let granted: [(endpoint: CommandSpec.Endpoint, address: TCPAddress)]
    /// What to do when strata won't open a socket (the setting that runs the plugin in process).
    let advice: String
    let sockets: any TCPSockets
    /// Where each socket asked for is recorded.
    let audit: PluginAuditLog?
    private let used = Mutex<(count: Int, lastConnect: ContinuousClock.Instant?)>((0, nil))

    init(
        pluginID: String, granted: [(endpoint: CommandSpec.Endpoint, address: TCPAddress)], advice: String,
        sockets: any TCPSockets = KernelTCPSockets(), audit: PluginAuditLog? = nil
    ) {
        self.audit = audit
        self.pluginID = pluginID
        self.granted = granted
        self.advice = advice
        self.sockets = sockets
    }

    /// The addresses the command line `words` (the command's path first) gives where `command` declares one.
    convenience init(_ words: [String], command: PluginDescriptor.Command?, pluginID: String, advice: String, audit: PluginAuditLog? = nil) {
        let values = command.map { HelperFileValue.values(in: Array(words.dropFirst($0.words.count)), spec: $0.spec) } ?? []
        self.init(
            pluginID: pluginID,
            granted: values.compactMap { value in
                guard case .endpoint(let endpoint) = value.kind, let address = TCPAddress(value.path) else { return nil }
                return (endpoint, address)
            }, advice: advice, audit: audit)
    }

    /// Opens the socket `request` asks for, if the user typed its address for that use, and within the bounds.
    func open(_ request: HelperSocketRequest) -> Result<Int32, TCPSocketError> {
        admit(request).flatMap { endpoint, wait in connect(request, as: endpoint, after: wait) }
    }

    /// Whether `request` is for an address typed for its use, within the bounds: its use, and how long to wait
    /// before opening it (connections are spaced out), counted; or why not.
    private func admit(_ request: HelperSocketRequest) -> Result<(CommandSpec.Endpoint, Duration), TCPSocketError> {
        let decided = decide(request)
        var refusal: String?
        if case .failure(let error) = decided { refusal = error.description }
        audit?.record(
            PluginAudit.Entry(
                kind: .socket, refused: refusal != nil, host: request.host.lowercased(), port: Int(request.port), endpoint: request.endpoint,
                reason: refusal))
        return decided
    }

    private func decide(_ request: HelperSocketRequest) -> Result<(CommandSpec.Endpoint, Duration), TCPSocketError> {
        let asked = request.address
        let what = request.endpoint == CommandSpec.Endpoint.listen.rawValue ? "listen on" : "connect to"
        guard let endpoint = CommandSpec.Endpoint(rawValue: request.endpoint),
            granted.contains(where: { $0.endpoint == endpoint && $0.address.port == asked.port && $0.address.host.lowercased() == asked.host.lowercased() })
        else {
            let typed = granted.map { "\($0.endpoint.rawValue) \($0.address)" }.joined(separator: ", ")
            let why = typed.isEmpty ? "its command line gives no address to \(what)" : "its command line gives only: \(typed)"
            return .failure(
                .notGranted("strata didn't let \(pluginID) \(what) \(Sanitizer.sanitize(String(asked.description.prefix(300)))): \(why). \(advice)"))
        }
        let wait: Duration? = used.withLock { used in
            guard used.count < Self.maximumSockets else { return nil }
            used.count += 1
            guard endpoint == .connect else { return .zero }
            let now = ContinuousClock.now
            let next = used.lastConnect.map { max(now, $0 + Self.connectSpacing) } ?? now
            used.lastConnect = next
            return now.duration(to: next)
        }
        guard let wait else {
            return .failure(.notGranted("strata opened \(Self.maximumSockets) sockets for \(pluginID)'s command already, and opens no more"))
        }
        return .success((endpoint, wait))
    }

    /// Opens the socket an admitted request asks for, after `wait` (on the thread that answers it, not strata's reader).
    private func connect(_ request: HelperSocketRequest, as endpoint: CommandSpec.Endpoint, after wait: Duration) -> Result<Int32, TCPSocketError> {
        if wait > .zero { usleep(UInt32(wait / .microseconds(1))) }
        do {
            if endpoint == .listen { return .success(try sockets.listen(host: request.host, port: request.port)) }
            return .success(try sockets.connect(host: request.host, port: request.port, timeoutSeconds: request.boundedTimeout))
        } catch {
            return .failure(error)
        }
    }

    /// Answers the helper's request frame: a refusal at once, a socket from a thread of its own (a connection
    /// may take seconds), with its descriptor, which strata then closes. False when that thread can't start.
    func answer(_ request: HelperSocketRequest, on channel: HelperChannel) -> Bool {
        let send = { (result: Result<Int32, TCPSocketError>) in
            switch result {
            case .success(let descriptor):
                let answer = HelperSocketRequest.Answer(id: request.id, result: .success(()))
                channel.send(HostToHelperMessage.socketAnswer(answer), descriptors: [descriptor])
                close(descriptor)
            case .failure(let error):
                channel.send(HostToHelperMessage.socketAnswer(HelperSocketRequest.Answer(id: request.id, result: .failure(error))))
            }
        }
        switch admit(request) {
        case .failure(let refusal):
            send(.failure(refusal))
            return true
        case .success(let (endpoint, wait)):
            return detachThread(named: "strata-helper-socket") { [self] in send(connect(request, as: endpoint, after: wait)) }
        }
    }
}
