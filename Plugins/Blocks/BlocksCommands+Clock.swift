import BlocksDomain
import BlocksPresentation
import StrataPluginKit

extension BlocksCommands {
    func addClockCommands(to commands: PluginCommands) throws {
        try commands.add(ClockCommand.self) { command, invocation in
            if command.watch {
                if command.json {
                    throw CommandError.usage("\(ClockCommand.name(\.watch)) shows the clock for people; leave out \(ClockCommand.name(\.json))")
                }
                try await watchClock(invocation)
            }
            let state = try context.service((any ClockFetchUseCase).self).execute()
            try printClock(state, json: command.json, to: invocation)
        }
        try commands.add(ClockStopCommand.self) { _, invocation in
            let clock = try context.service((any ClockFetchUseCase).self).execute()
            guard try context.service((any ClockStopUseCase).self).execute() != nil else {
                invocation.writeLine("Nothing was running.")
                return
            }
            let what = clock.map { "\($0.mode.kind.rawValue) \"\($0.title)\"" } ?? "the clock"
            invocation.writeLine("Stopped \(what).")
        }
    }

    /// `strata clock --watch`: the clock on one line, redrawn in place every second on a terminal (one
    /// line per phase when piped), with the bell when a phase ends, until Ctrl-C (or SIGTERM) cancels it:
    /// the documented way to stop, so it ends quietly with exit 130.
    private func watchClock(_ invocation: CommandInvocation) async throws {
        do {
            try await followClock(invocation)
        } catch is CancellationError {
            if invocation.isTerminal { invocation.writeLine() }  // leaves the status line as it was
            throw CommandError.exit(130)
        }
    }

    private func followClock(_ invocation: CommandInvocation) async throws {
        let fetch = try context.service((any ClockFetchUseCase).self)
        let clock = try context.service((any BlocksClock).self)
        let notifier = try context.service((any PhaseNotifier).self)
        var previous: ClockState?
        var lastPhase: String?
        while true {
            let state = try fetch.execute()
            if let previous, previous.ended(by: clock.now(), becoming: state) {
                invocation.bell()
                if let state { notifier.phaseEnded(title: state.title, phase: ClockFormatting.phaseText(state)) }
            }
            // What runs and in which phase; piped, a line is written only when that changes.
            let phase = state.map { "\($0.mode.kind) \($0.title) \(ClockFormatting.phaseText($0))" } ?? "nothing"
            if invocation.isTerminal {
                invocation.updateStatusLine(ClockFormatting.line(state))
            } else if phase != lastPhase {
                invocation.writeLine(ClockFormatting.line(state))
            }
            previous = state
            lastPhase = phase
            // To the next whole second of the wall clock, when the time left changes.
            let fraction = clock.now().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
            try await Task.sleep(nanoseconds: UInt64((1 - fraction) * 1e9) + 1_000_000)
        }
    }
}
