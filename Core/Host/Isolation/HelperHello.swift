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
    var payload: [UInt8] {
        WireWriter.bytes(capacity: 8) {
            $0.write(lowest); $0.write(highest)
        }
    }

    init(lowest: UInt32, highest: UInt32) {
        self.lowest = lowest
        self.highest = highest
    }

    /// The range in the first 8 bytes of `payload`; `nil` unless they are there, with 1 ≤ lowest ≤ highest.
    init?(payload: ArraySlice<UInt8>) {
        var reader = WireReader(payload)
        guard let lowest = reader.read(UInt32.self), let highest = reader.read(UInt32.self), lowest >= 1, lowest <= highest else { return nil }
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
        var writer = WireWriter(capacity: 28)
        writer.write(version)
        for duration in [load, register] {
            let bounded = min(max(duration, .zero), .seconds(86_400)).components
            writer.write(UInt64(clamping: bounded.seconds * 1_000_000 + bounded.attoseconds / 1_000_000_000_000))
        }
        // Version 6's hello ends with the times.
        if version != HelperVersions.rangeless.highest { writer.write(versions.payload) }
        return writer.bytes
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
        var reader = WireReader(payload)
        let day: UInt64 = 86_400_000_000
        guard payload.count == 20 || payload.count == 28, let version = reader.read(UInt32.self), let load = reader.read(UInt64.self),
            let register = reader.read(UInt64.self), load <= day, register <= day
        else { return nil }
        let versions = payload.count == 20 ? HelperVersions.rangeless : HelperVersions(payload: reader.readRest())
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
        channel.send(frames: [HostToHelperMessage.opening(version: opening).frame, HostToHelperMessage.versions(.spoken).frame])
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
        guard case .opening(Self.opening)? = try? HostToHelperMessage(opening) else { return nil }
        // The range came in the same write as the opening, so it is read already or was never sent: nothing is waited for.
        guard let next = try? channel.receive(until: .now) else { return .rangeless }
        guard case .versions(let versions)? = try? HostToHelperMessage(next) else { return nil }
        return versions
    }
}
