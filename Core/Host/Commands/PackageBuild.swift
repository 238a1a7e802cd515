import FoundationEssentials
import Glibc
import StrataBase

/// One `swift build` of a plugin package: `strata dev` on every change (debug), `plugins install` once
/// (release).
enum PackageBuild {
    enum Result {
        /// The plugin libraries it made (`lib<Name>Plugin.so` in `.build/<configuration>`).
        case succeeded([URL])
        /// The compiler's first errors, or what else went wrong.
        case failed(String)
    }

    /// Builds `package` in `configuration` (`debug`, the fastest to rebuild, or `release`), writing the
    /// whole output to `log` if given and, with `echo`, to standard error as it comes, line by line through
    /// the sanitizer: diagnostics quote the package's sources, which may hold escape sequences.
    static func run(package: String, configuration: String = "debug", log: URL? = nil, echo: Bool) -> Result {
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: "/usr/bin/env", arguments: ["swift", "build", "-c", configuration, "--package-path", package],
                environment: ProcessInfo.processInfo.environment, output: .capturedWithErrors)
        } catch {
            return .failed("can't run swift build: \(error). Is the Swift toolchain on PATH?")
        }
        var text = Data()
        var unfinished: [UInt8] = []  // the echoed output's last line, until its line feed arrives
        func echoLines(_ bytes: some Collection<UInt8>) {
            writeAll(Sanitizer.sanitizeLines(String(decoding: bytes, as: UTF8.self)), to: STDERR_FILENO)
        }
        _ = process.readOutput { chunk in
            text += chunk
            guard echo else { return }
            unfinished += chunk
            if let end = unfinished.lastIndex(of: UInt8(ascii: "\n")) {
                echoLines(unfinished[...end])
                unfinished.removeSubrange(...end)
            }
        }
        if echo, !unfinished.isEmpty { echoLines(unfinished) }
        let status = process.wait()
        if let log { try? text.write(to: log) }
        let transcript = String(decoding: text, as: UTF8.self)
        guard status == 0 else {
            let errors = firstErrors(in: transcript, package: package)
            let ending =
                Supervisor.isSignalled(status)
                ? "was stopped by \(signalName(Supervisor.terminatingSignal(status)))"
                : "exited with \(Supervisor.exitStatus(status))"
            return .failed(errors.isEmpty ? "swift build \(ending)" : errors)
        }
        let products = URL(fileURLWithPath: package).appendingPathComponent(".build/\(configuration)").resolvingSymlinksInPath()
        let libraries = PluginDiscovery.libraries(in: products.path).map { URL(fileURLWithPath: $0) }
        return libraries.isEmpty ? .failed("the build made no lib<Name>Plugin.so in \(products.path)") : .succeeded(libraries)
    }

    /// The first `limit` errors of a build's output, each with the source line it points at, paths shown
    /// inside the package:
    ///
    ///     Sources/HelloPlugin/HelloScreen.swift:30:33: error: cannot find 'nam' in scope
    ///     30 | canvas.draw(greet.greet(nam.text), row: 4)
    static func firstErrors(in transcript: String, package: String, limit: Int = 3) -> String {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var errors: [String] = []
        for (index, line) in lines.enumerated() where line.contains(": error: ") || line.hasPrefix("error: ") {
            var entry = line.replacing(package + "/", with: "")
            // `path:LINE:COLUMN: error: …` is followed by the source around LINE, as `LINE | code`.
            let position = line.split(separator: ":", maxSplits: 3)
            if position.count == 4, let number = Int(position[1]),
                let source = lines[(index + 1)...].prefix(8).first(where: { $0.hasPrefix("\(number) |") })
            {
                entry += "\n\(number) | " + source.dropFirst("\(number) |".count).trimmingSpaces
            }
            if !errors.contains(entry) { errors.append(entry) }
            if errors.count == limit { break }
        }
        return errors.joined(separator: "\n")
    }
}
