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
/// Uses `posix_spawn` and `waitpid` directly: Foundation's `Process.waitUntilExit` polls in 50 ms steps on
/// Linux, which would round every start time up to a multiple of 50 ms.
func timeProcess(_ executable: String, _ arguments: [String], repeats: Int = 25) -> Stats {
    _ = spawnAndWait(executable, arguments)
    return Stats(samples: (0..<repeats).map { _ in spawnAndWait(executable, arguments) })
}

/// A command timed against a floor program in alternation (floor, command, floor, command, …), so that
/// both see the same machine from moment to moment: a noisy neighbour slows both and leaves their ratio.
/// - Returns: the command's times, the floor's times, and the ratio of each adjacent pair.
func timeAgainstFloor(_ floor: String, _ executable: String, _ arguments: [String], repeats: Int = 30)
    -> (command: Stats, floor: Stats, ratio: Stats) {
    _ = spawnAndWait(floor, [])
    _ = spawnAndWait(executable, arguments)
    var commandTimes: [Double] = [], floorTimes: [Double] = [], ratios: [Double] = []
    for _ in 0..<repeats {
        let floorTime = spawnAndWait(floor, [])
        let commandTime = spawnAndWait(executable, arguments)
        floorTimes.append(floorTime)
        commandTimes.append(commandTime)
        ratios.append(commandTime / floorTime)
    }
    return (Stats(samples: commandTimes), Stats(samples: floorTimes), Stats(samples: ratios))
}

/// Spawns a program with its output to /dev/null, waits for it, and returns the wall-clock milliseconds.
private func spawnAndWait(_ executable: String, _ arguments: [String]) -> Double {
    func once() -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return .nan }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return Double(now() - start) / 1e6
    }
    return once()
}
