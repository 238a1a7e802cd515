import Foundation

/// Host and feature rows, measured by `Benchmarks/run` around this binary (the DI rows are in Benchmarks/DI).
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "profile-blocks", arguments.count == 2 {
    try FeatureBenchmarks.profileBlockListing(folder: URL(fileURLWithPath: Array(arguments)[1]))
} else if arguments.first == "features", arguments.count == 2 {
    // features WORK_FOLDER
    let argv = Array(arguments)
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
    print("usage: StrataBenchmarks features FOLDER | process EXECUTABLE [ARGS...] | versus FLOOR EXECUTABLE [ARGS...]")
    exit(2)
}
