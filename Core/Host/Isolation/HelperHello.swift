/// The range of wire versions an end speaks (``HelperWire``), and the one two ends agree on: the highest both
/// speak, as go-plugin negotiates, or none.
struct HelperVersions: Equatable, Sendable, CustomStringConvertible {
    var lowest: UInt32
    var highest: UInt32

    /// What this strata, and the helper it starts, speak. Version 6 differs from 7 in the handshake only
    /// (its ends send no range: ``HelperHandshake``); it stays for at least one release after 7.
    static let spoken = HelperVersions(lowest: 6, highest: HelperWire.version)
    /// The range of an end of version 6, which sends none.
    static let rangeless = HelperVersions(lowest: 6, highest: 6)

    func contains(_ version: UInt32) -> Bool { (lowest...highest).contains(version) }

    /// The highest version both speak; `nil` when they have none in common.
    func common(with other: HelperVersions) -> UInt32? {
        let top = min(highest, other.highest)
        return top >= max(lowest, other.lowest) ? top : nil
    }

    var description: String { lowest == highest ? "version \(lowest)" : "versions \(lowest) to \(highest)" }

    /// Why a helper that speaks `helper` can't serve a strata that speaks `strata`, after "plugin ID's helper".
    static func mismatch(helper: HelperVersions, strata: HelperVersions) -> String {
        "speaks wire \(helper) and this strata speaks \(strata), so they have no version in common (strata's file may "
            + "have been replaced since this strata started). Start strata again, or reinstall it, so that both come from one release"
    }

    /// 8 bytes: the lowest and the highest, each 4 big-endian bytes.
    var payload: [UInt8] { [lowest, highest].flatMap { number in (0..<4).reversed().map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) } } }

    init(lowest: UInt32, highest: UInt32) {
        self.lowest = lowest
        self.highest = highest
    }

    /// The range in the first 8 bytes of `payload`; `nil` unless they are there, with 1 ≤ lowest ≤ highest.
    init?(payload: ArraySlice<UInt8>) {
        guard payload.count >= 8 else { return nil }
        let start = payload.startIndex
        let lowest = payload[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
        let highest = payload[start + 4..<start + 8].reduce(0) { $0 << 8 | UInt32($1) }
        guard lowest >= 1, lowest <= highest else { return nil }
        self.init(lowest: lowest, highest: highest)
    }
}

/// The helper's answer to strata's ``HelperWire/Kind/hello`` once it has opened the plugin: the version the
/// two ends now speak as 4 big-endian bytes, then how long opening the plugin took in it, measured where it
/// ran (`plugins list --timings`): loading it (`dlopen`, the ABI checks, the entry point) and registering it,
/// each in microseconds as 8 big-endian bytes (20 bytes, version 6); from version 7, then the range of
/// versions the helper speaks (``HelperVersions``, 8 bytes). A helper that has no version in common with a
/// strata that sent its range answers at once, with version 0, no times and its range. Read with every
/// length checked, or it isn't one.
struct HelperHello: Equatable, Sendable {
    var version: UInt32
    var load: Duration
    var register: Duration
    /// The versions the helper speaks (a helper of version 6 says none, and speaks that one).
    var versions: HelperVersions

    var payload: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(28)
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: version >> ($0 * 8)) }
        for duration in [load, register] {
            let bounded = min(max(duration, .zero), .seconds(86_400)).components
            let microseconds = UInt64(clamping: bounded.seconds * 1_000_000 + bounded.attoseconds / 1_000_000_000_000)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: microseconds >> ($0 * 8)) }
        }
        // Version 6's hello ends with the times.
        if version != HelperVersions.rangeless.highest { bytes += versions.payload }
        return bytes
    }

    init(version: UInt32, load: Duration, register: Duration, versions: HelperVersions = .spoken) {
        self.version = version
        self.load = load
        self.register = register
        self.versions = versions
    }

    /// The hello `payload` holds; `nil` unless it is 20 bytes of version 6 or 28 bytes of a range holding
    /// its version (or version 0), with times of at most a day.
    init?(payload: [UInt8]) {
        guard payload.count == 20 || payload.count == 28 else { return nil }
        func number(_ range: Range<Int>) -> UInt64 { payload[range].reduce(0) { $0 << 8 | UInt64($1) } }
        let day: UInt64 = 86_400_000_000
        let (load, register) = (number(4..<12), number(12..<20))
        guard load <= day, register <= day, let version = UInt32(exactly: number(0..<4)) else { return nil }
        let versions = payload.count == 20 ? HelperVersions.rangeless : HelperVersions(payload: payload[20...])
        guard let versions, payload.count == 20 ? version == HelperVersions.rangeless.highest : version == 0 || versions.contains(version)
        else { return nil }
        self.init(version: version, load: .microseconds(load), register: .microseconds(register), versions: versions)
    }
}

/// How strata and a helper agree on a wire version, each end in one place. strata opens with a
/// ``HelperWire/Kind/hello`` of version 6, which every helper since 6 reads, and its range (``HelperVersions``)
/// in a second hello, in the same write: a helper of version 6 goes on after the first and skips the second
/// as a frame it doesn't handle; a later one finds the range with it, or knows strata is of version 6. The
/// helper answers with a ``HelperHello`` of the highest version both speak (strata checks it is), or, with
/// none in common, one of version 0 and its range, and strata refuses it with a sentence naming both.
enum HelperHandshake {
    /// The first hello's version, in every strata since 7: what a helper of version 6 expects.
    static let opening = HelperVersions.rangeless.highest

    /// strata's opening, both frames in one write; false when the helper is gone (its answer then says so).
    @discardableResult
    static func open(_ channel: HelperChannel) -> Bool {
        channel.send(frames: [.init(.hello, number: opening), .init(.hello, HelperVersions.spoken.payload)])
    }

    /// strata's side: why strata refuses the helper that answered `hello` (after "plugin ID's helper"), or
    /// `nil` when it agreed on the highest version both speak.
    static func refusal(of hello: HelperHello) -> String? {
        guard let common = HelperVersions.spoken.common(with: hello.versions) else {
            return HelperVersions.mismatch(helper: hello.versions, strata: .spoken)
        }
        return hello.version == common ? nil : "answered the handshake with wire version \(hello.version), not \(common), the highest both speak"
    }

    /// The helper's side, once it has strata's opening hello: strata's range, which came with it or, from a
    /// strata of version 6, didn't; `nil` when the second hello isn't a range.
    static func strataVersions(after opening: HelperWire.Frame, on channel: HelperChannel) -> HelperVersions? {
        guard opening.kind == .hello, opening.number == Self.opening else { return nil }
        // The range came in the same write as the opening, so it is read already or was never sent: nothing is waited for.
        guard let next = try? channel.receive(until: .now) else { return .rangeless }
        guard next.kind == .hello, next.payload.count == 8 else { return nil }
        return HelperVersions(payload: next.payload[...])
    }
}
