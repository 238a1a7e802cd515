import Foundation
import RunningData

/// Prints the DI rows now; host and feature rows are measured by `Benchmarks/run` around this binary.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "di" {
    let rows = try DIBenchmarks.run()
    let baseline = try DIBenchmarks.singleThreadBaseline()
    print("| DI benchmark | Strata ns/op, median (min–max) | Swinject ns/op, median (min–max) | Strata faster by |")
    print("|---|---|---|---|")
    for row in rows {
        print("| \(row.name) | \(row.strata.formatted()) | \(row.swinject.formatted()) | \(format(row.ratio))× |")
    }
    let contended = rows.last!.strata.median
    print("")
    print("Strata singleton, 1 thread: \(format(baseline.median)) ns/resolve; 8 threads on \(ProcessInfo.processInfo.activeProcessorCount) cores: \(format(contended)) ns/resolve of wall time (scaling \(format(baseline.median / contended, 2))×).")
} else if arguments.first == "profile-gpx", arguments.count == 2 {
    blackHole(try GPXParser().parse(contentsOf: URL(fileURLWithPath: Array(arguments)[1])))
} else if arguments.first == "profile-blocks", arguments.count == 2 {
    try FeatureBenchmarks.profileBlockListing(folder: URL(fileURLWithPath: Array(arguments)[1]))
} else if arguments.first == "profile-transient" {
    let container = try DIBenchmarks.strataContainer(scope: .transient)
    for _ in 0..<20_000 { blackHole(try? container.resolve((any Service).self)) }
} else if arguments.first == "profile-singleton" {
    let container = try DIBenchmarks.strataContainer(scope: .singleton)
    for _ in 0..<100_000 { blackHole(try? container.resolve((any Service).self)) }
} else if arguments.first == "features", arguments.count >= 3 {
    // features WORK_FOLDER GPX_FILE [gpxpy median min max length]
    let argv = Array(arguments)
    print(try FeatureBenchmarks.gpx(file: argv[2], gpxpy: argv.dropFirst(3).compactMap(Double.init)))
    print(try FeatureBenchmarks.blocks(folder: URL(fileURLWithPath: argv[1])))
    print(try await FeatureBenchmarks.movies(folder: URL(fileURLWithPath: argv[1])))
} else if arguments.first == "process", arguments.count >= 2 {
    let argv = Array(arguments.dropFirst())
    let stats = timeProcess(argv[0], Array(argv.dropFirst()))
    print("\(format(stats.median, 2)) \(format(stats.low, 2)) \(format(stats.high, 2))")
} else if arguments.first == "versus", arguments.count >= 3 {
    // versus FLOOR EXECUTABLE [ARGS...]: "median low high floor-median ratio-median ratio-low ratio-high"
    let argv = Array(arguments.dropFirst())
    let (command, floor, ratio) = timeAgainstFloor(argv[0], argv[1], Array(argv.dropFirst(2)))
    print([command.median, command.low, command.high, floor.median].map { format($0, 2) }.joined(separator: " ")
          + " " + [ratio.median, ratio.low, ratio.high].map { format($0, 2) }.joined(separator: " "))
} else {
    print("usage: StrataBenchmarks di | process EXECUTABLE [ARGS...] | versus FLOOR EXECUTABLE [ARGS...]")
    exit(2)
}
