import Foundation

/// The median of repeated measurements and their spread.
struct Stats {
    let samples: [Double]

    var median: Double { percentile(0.5) }
    var low: Double { samples.min() ?? 0 }
    var high: Double { samples.max() ?? 0 }

    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    /// `12.3 (11.9–13.0)` in the given unit.
    func formatted(_ digits: Int = 1) -> String {
        "\(format(median, digits)) (\(format(low, digits))–\(format(high, digits)))"
    }
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

/// Nanoseconds since an arbitrary start.
@inline(__always) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` (which does `operations` operations) `repeats` times after one warm-up, and returns the
/// nanoseconds per operation of each run.
func measure(repeats: Int = 15, operations: Int, _ body: () -> Void) -> Stats {
    body()
    var samples: [Double] = []
    for _ in 0..<repeats {
        let start = now()
        body()
        samples.append(Double(now() - start) / Double(operations))
    }
    return Stats(samples: samples)
}

/// Keeps the optimizer from dropping a computed value.
@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs a program `repeats` times (after a warm-up) and returns the wall-clock milliseconds of each run.
func timeProcess(_ executable: String, _ arguments: [String], environment: [String: String] = [:], repeats: Int = 25) -> Stats {
    func once() -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = now()
        do { try process.run() } catch { return .nan }
        process.waitUntilExit()
        return Double(now() - start) / 1e6
    }
    _ = once()
    return Stats(samples: (0..<repeats).map { _ in once() })
}
