import Foundation
import RunningDomain

/// One line of the live-run protocol: a JSON object on one line, `type` first in meaning. PROTOCOL.md in
/// the feature's folder writes the protocol down.
struct LiveFrame: Codable, Equatable, Sendable {
    enum Kind: String, Codable, Sendable {
        /// Mate → host, first: `version`, `code`, `nickname`, `trackKm` (the length of its track), and
        /// `session` when resuming.
        case hello
        /// Host → mate, the answer to a good hello: `version`, `session`, `mode`, `goalKm`, `nickname`.
        case welcome
        /// Either way, before closing: `reason`.
        case refused
        /// Either way, about once a second while running: `km`, `seconds` (elapsed, as MateRunner writes them).
        case progress
        /// Either way, every second: the line is alive.
        case heartbeat
        /// The sender reached the end of its run: `km`, `seconds`.
        case finish
        /// The sender stopped its run: `km`, `seconds`.
        case cancel
    }

    /// The protocol's version; a peer with another one is refused.
    static let version = 1
    /// The longest line a peer may send; a longer one closes the connection.
    static let maximumLength = 64 * 1024

    var type: Kind
    var version: Int?
    var session: String?
    var code: String?
    var nickname: String?
    var mode: String?
    var goalKm: Double?
    var trackKm: Double?
    var km: Double?
    var seconds: Int?
    var reason: String?

    init(
        _ type: Kind, version: Int? = nil, session: String? = nil, code: String? = nil, nickname: String? = nil,
        mode: String? = nil, goalKm: Double? = nil, trackKm: Double? = nil, km: Double? = nil, seconds: Int? = nil,
        reason: String? = nil
    ) {
        self.type = type
        self.version = version
        self.session = session
        self.code = code
        self.nickname = nickname
        self.mode = mode
        self.goalKm = goalKm
        self.trackKm = trackKm
        self.km = km
        self.seconds = seconds
        self.reason = reason
    }

    /// The frame that tells the mate where I am.
    init(_ progress: RunnerProgress) {
        let kind: Kind =
            switch progress.status {
            case .finished: .finish
            case .cancelled: .cancel
            case .running, .trackEnded: .progress
            }
        self.init(kind, km: progress.data.elapsedDistanceKm, seconds: progress.data.elapsedSeconds)
        if progress.status == .trackEnded { reason = "track ended" }
    }

    /// What a progress, finish or cancel frame says about the sender, as sent (the run judges whether it is
    /// possible, `MateClaim`); nil for the other kinds.
    var progress: RunnerProgress? {
        let status: RunnerStatus
        switch type {
        case .progress: status = reason == "track ended" ? .trackEnded : .running
        case .finish: status = .finished
        case .cancel: status = .cancelled
        default: return nil
        }
        let data = RealTimeData(elapsedDistanceKm: km ?? 0, elapsedSeconds: seconds ?? 0)
        return RunnerProgress(data: data, status: status)
    }

    /// The frame as one line, newline included.
    var line: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data(#"{"type":"heartbeat"}"#.utf8)) + Data("\n".utf8)
    }

    /// Reads a line a peer sent. Throws ``LiveProtocolError/malformed(_:)`` for anything that isn't a frame.
    static func decode(_ line: Data) throws(LiveProtocolError) -> LiveFrame {
        do {
            return try JSONDecoder().decode(LiveFrame.self, from: line)
        } catch {
            let text = String(decoding: line.prefix(60), as: UTF8.self)
            throw .malformed("not a frame of the live protocol: \(text.debugDescription)")
        }
    }
}

/// Why a connection was closed or refused.
enum LiveProtocolError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case oversized
    case closed
    case timedOut(String)

    var description: String {
        switch self {
        case .malformed(let detail): detail
        case .oversized: "a line longer than \(LiveFrame.maximumLength / 1024) KB"
        case .closed: "the connection closed"
        case .timedOut(let what): "no \(what) in time"
        }
    }
}
