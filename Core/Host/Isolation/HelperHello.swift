/// The helper's answer to strata's ``HelperWire/Kind/hello`` once it has opened the plugin (wire version 6):
/// the version it speaks as 4 big-endian bytes, then how long opening the plugin took in it, measured where
/// it ran (`plugins list --timings`): loading it (`dlopen`, the ABI checks, the entry point) and registering
/// it, each in microseconds as 8 big-endian bytes. Read with every length checked: 20 bytes, or it isn't one.
struct HelperHello: Equatable, Sendable {
    var version: UInt32
    var load: Duration
    var register: Duration

    var payload: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: version >> ($0 * 8)) }
        for duration in [load, register] {
            let bounded = min(max(duration, .zero), .seconds(86_400)).components
            let microseconds = UInt64(clamping: bounded.seconds * 1_000_000 + bounded.attoseconds / 1_000_000_000_000)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: microseconds >> ($0 * 8)) }
        }
        return bytes
    }

    init(version: UInt32 = HelperWire.version, load: Duration, register: Duration) {
        self.version = version
        self.load = load
        self.register = register
    }

    /// The hello `payload` holds; `nil` unless it is exactly 20 bytes, with times of at most a day.
    init?(payload: [UInt8]) {
        guard payload.count == 20 else { return nil }
        func number(_ range: Range<Int>) -> UInt64 { payload[range].reduce(0) { $0 << 8 | UInt64($1) } }
        let day: UInt64 = 86_400_000_000
        let (load, register) = (number(4..<12), number(12..<20))
        guard load <= day, register <= day, let version = UInt32(exactly: number(0..<4)) else { return nil }
        self.init(version: version, load: .microseconds(load), register: .microseconds(register))
    }
}
