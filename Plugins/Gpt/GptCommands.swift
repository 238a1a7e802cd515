import Foundation
import GptData
import GptDomain
import GptPresentation
import StrataPluginKit
import StrataRuntime

/// `strata gpt personas|ask|usage`.
struct GptCommands: Sendable {
    let context: PluginContext
    let settings: GptSettings
    let timeZone: TimeZone

    var all: [PluginCommand] {
        [
            PluginCommand(path: ["gpt", "personas"], summary: "List the personas that can answer your trouble",
                          usage: "strata gpt personas [--json]") { await personas($0) },
            PluginCommand(path: ["gpt", "ask"], summary: "Have a persona reframe your trouble (streams the reply)",
                          usage: "strata gpt ask [--persona ID] TEXT [--no-stream] [--json]") { await ask($0) },
            PluginCommand(path: ["gpt", "usage"], summary: "Show today's uses and when they reset",
                          usage: "strata gpt usage [--json]") { await usage($0) },
            PluginCommand(path: ["gpt", "history"], summary: "Show the replies received so far, newest first",
                          usage: "strata gpt history [--json]") { await history($0) },
            PluginCommand(path: ["gpt", "forget"], summary: "Delete your replies and today's uses (asks first; --yes for scripts)",
                          usage: "strata gpt forget [--yes]") { await forget($0) },
        ]
    }

    /// The host's clock, as the use cases read it.
    private func now() throws -> Date { try context.service((any WallClock).self).now() }

    private func personas(_ invocation: CommandInvocation) async -> Int32 {
        await run(invocation) { () async throws -> Int32 in
            let args = try CommandArguments(invocation.arguments, flags: ["--json"])
            if let extra = args.positionals.first { throw CommandError.usage("unexpected argument '\(extra)'") }
            let personas = try await context.service((any FetchPersonasUseCase).self).execute()
            if args.has("--json") {
                try invocation.writeJSON(personas.map(GptCommandOutput.PersonaJSON.init))
            } else {
                invocation.write(GptCommandOutput.personasText(personas))
            }
            return 0
        }
    }

    private func usage(_ invocation: CommandInvocation) async -> Int32 {
        await run(invocation) { () async throws -> Int32 in
            let args = try CommandArguments(invocation.arguments, flags: ["--json"])
            if let extra = args.positionals.first { throw CommandError.usage("unexpected argument '\(extra)'") }
            let usage = try await context.service((any FetchUsageUseCase).self).execute()
            if args.has("--json") {
                try invocation.writeJSON(GptCommandOutput.UsageJSON(usage, timeZone: timeZone))
            } else {
                invocation.write(GptCommandOutput.usageText(usage, now: try now(), timeZone: timeZone))
            }
            return 0
        }
    }

    private func history(_ invocation: CommandInvocation) async -> Int32 {
        await run(invocation) { () async throws -> Int32 in
            let args = try CommandArguments(invocation.arguments, flags: ["--json"])
            if let extra = args.positionals.first { throw CommandError.usage("unexpected argument '\(extra)'") }
            let entries = try await context.service((any FetchReplyHistoryUseCase).self).execute()
            if args.has("--json") {
                try invocation.writeJSON(entries.map { GptCommandOutput.HistoryJSON($0, timeZone: timeZone) })
            } else {
                invocation.write(GptCommandOutput.historyText(entries, timeZone: timeZone))
            }
            return 0
        }
    }

    /// LuckyVicky's "delete account". On a terminal it asks for `yes`; elsewhere only `--yes` deletes, so a
    /// script never deletes by accident.
    private func forget(_ invocation: CommandInvocation) async -> Int32 {
        await run(invocation) { () async throws -> Int32 in
            let args = try CommandArguments(invocation.arguments, flags: ["--yes"])
            if let extra = args.positionals.first { throw CommandError.usage("unexpected argument '\(extra)'") }
            if !args.has("--yes") {
                guard invocation.isTerminal else {
                    throw CommandError.usage("this deletes your replies and today's uses; add --yes to confirm")
                }
                invocation.write("Delete your replies and today's uses? This can't be undone. Type yes to delete: ")
                guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                    invocation.writeLine("Nothing was deleted.")
                    return 1
                }
            }
            try await context.service((any ForgetUserUseCase).self).execute()
            invocation.writeLine("Your replies and today's uses are deleted.")
            return 0
        }
    }

    private func ask(_ invocation: CommandInvocation) async -> Int32 {
        await run(invocation) { () async throws -> Int32 in
            let args = try CommandArguments(invocation.arguments, options: ["--persona"], flags: ["--no-stream", "--json"])
            let trouble = args.positionals.joined(separator: " ")
            if trouble.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw CommandError.usage("missing TEXT: write your trouble, e.g. strata gpt ask \"I missed the bus\"")
            }
            // Say what to set before touching anything else; the key itself is never printed.
            if let refusal = OpenAIAuthorization(baseURL: settings.baseURL, apiKeyEnvironment: settings.apiKeyEnvironment,
                                                   environment: invocation.environment).refusal(baseURL: settings.baseURL) {
                throw GptError.chat(refusal)
            }
            let personaID = try await resolvePersona(args.value("--persona"))
            let request = ConvertTroubleRequest(personaID: personaID, trouble: trouble)
            let useCase = try context.service((any ConvertTroubleUseCase).self)
            let result: ConvertTroubleResult
            if args.has("--json") || args.has("--no-stream") {
                result = try await useCase.execute(request)
                if !args.has("--json") { invocation.write(result.reply.text + "\n") }
            } else {
                result = try await streamed(useCase.stream(request), to: invocation)
            }
            if args.has("--json") {
                try invocation.writeJSON(GptCommandOutput.ReplyJSON(result, timeZone: timeZone))
            } else {
                invocation.writeError(GptCommandOutput.replyFooter(result))
            }
            return 0
        }
    }

    /// Writes the reply as it arrives; the line is ended even when the stream fails midway.
    private func streamed(_ events: AsyncThrowingStream<ConvertTroubleEvent, any Error>,
                          to invocation: CommandInvocation) async throws -> ConvertTroubleResult {
        var wroteText = false
        do {
            for try await event in events {
                switch event {
                case .text(let piece):
                    invocation.write(piece)
                    wroteText = true
                case .completed(let result):
                    invocation.write("\n")
                    return result
                }
            }
        } catch {
            if wroteText { invocation.write("\n") }
            throw error
        }
        throw GptError.chat(.emptyReply)
    }

    /// The persona asked for, or the first one (the lucky optimist).
    private func resolvePersona(_ requested: String?) async throws -> String {
        if let requested { return requested }
        let personas = try await context.service((any FetchPersonasUseCase).self).execute()
        guard let first = personas.first else { throw GptError.personasUnavailable("no personas are defined") }
        return first.id
    }

    /// Runs a command body, turning errors into messages and exit codes: 2 for usage mistakes (including
    /// text or persona the rules refuse), 1 for everything else.
    private func run(_ invocation: CommandInvocation, _ body: () async throws -> Int32) async -> Int32 {
        do {
            return try await body()
        } catch let error as CommandError {
            invocation.writeError("gpt: \(error.description)")  // the host adds the usage line on exit 2
            return error.exitCode
        } catch let error as GptError {
            invocation.writeError("gpt: \(GptErrorText.text(error, now: (try? now()) ?? Date(), in: timeZone))")
            switch error {
            case .invalidInput, .unknownPersona: return 2
            default: return 1
            }
        } catch {
            invocation.writeError("gpt: \(GptErrorText.text(error, now: (try? now()) ?? Date(), in: timeZone))")
            return 1
        }
    }
}
