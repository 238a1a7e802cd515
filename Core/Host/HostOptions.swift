/// The options every `strata` command accepts, taken out of the arguments wherever they appear:
/// `--config PATH`, `--data-dir PATH`, `-v`/`--verbose`. What remains are the command's words.
struct HostOptions {
    var configPath: String?
    var dataDirectory: String?
    var verbose = false
    var words: [String] = []

    /// Splits the process arguments (without the program name).
    /// - Throws: `CommandError.usage` when `--config` or `--data-dir` lacks its value.
    static func parse(_ arguments: [String]) throws(HostUsageError) -> HostOptions {
        var options = HostOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                options.words.append(argument)
                options.words += remaining
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch parts.first ?? "" {
            case "--config", "--data-dir":
                guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                    throw HostUsageError(message: "\(parts[0]) needs a path")
                }
                guard !value.isEmpty else {
                    throw HostUsageError(message: "\(parts[0]) is empty; give a path (`.` for the current folder)")
                }
                if parts[0] == "--config" { options.configPath = value } else { options.dataDirectory = value }
            case "-v", "--verbose":
                options.verbose = true
            default:
                options.words.append(argument)
            }
        }
        return options
    }

    /// The arguments to pass to a child `strata` so that it sees the same config and data folder.
    var forwarded: [String] {
        (configPath.map { ["--config", $0] } ?? []) + (dataDirectory.map { ["--data-dir", $0] } ?? []) + (verbose ? ["-v"] : [])
    }
}

/// The command line is wrong: exit code 2.
struct HostUsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
