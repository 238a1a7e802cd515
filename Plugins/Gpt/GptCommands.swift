import Foundation
import GptData
import GptDomain
import GptPresentation
import StrataPluginKit
import StrataRuntime

/// `strata gpt personas|ask|usage`.
struct GptCommands: Sendable {
    let container: GptDIContainer
    let settings: GptSettings
    let timeZone: TimeZone

    /// Contributes the commands, their failures worded by `GptErrorText`: text or a persona the rules refuse
    /// is a usage error (exit 2), anything else a failure.
    func register(in context: PluginContext) throws {
        let commands = PluginCommands(context) { [self] error, _ in
            let text = GptErrorText.text(error, now: (try? now()) ?? Date(), in: timeZone)
            switch error as? GptError {
            case .invalidInput, .unknownPersona: return .usage(text)
            default: return .failure(text)
            }
        }
        try commands.add(GptPersonasCommand.self) { try await personas($0, $1) }
        try commands.add(GptAskCommand.self) { try await ask($0, $1) }
        try commands.add(GptUsageCommand.self) { try await usage($0, $1) }
        try commands.add(GptHistoryCommand.self) { try await history($0, $1) }
        try commands.add(GptForgetCommand.self) { try await forget($0, $1) }
    }

    /// The host's clock, as the use cases read it.
    private func now() throws -> Date { try container.makeNow()() }

    private func personas(_ command: GptPersonasCommand, _ invocation: CommandInvocation) async throws {
        let personas = try await container.makeFetchPersonasUseCase().execute()
        if command.json {
            try invocation.writeJSON(personas.map(GptCommandOutput.PersonaJSON.init))
        } else {
            invocation.write(GptCommandOutput.personasText(personas))
        }
    }

    private func usage(_ command: GptUsageCommand, _ invocation: CommandInvocation) async throws {
        let usage = try await container.makeFetchUsageUseCase().execute()
        if command.json {
            try invocation.writeJSON(GptCommandOutput.UsageJSON(usage, timeZone: timeZone))
        } else {
            invocation.write(GptCommandOutput.usageText(usage, now: try now(), timeZone: timeZone))
        }
    }

    /// Every reply, or one page of them (`--page N`, as `running history` pages): a page past the end is
    /// an empty JSON page, or a line saying how many pages there are, and exits 1, so a script paging on stops.
    private func history(_ command: GptHistoryCommand, _ invocation: CommandInvocation) async throws {
        let number = command.page  // 1 or more, as plugin.json declares
        let all = try await container.makeFetchReplyHistoryUseCase().execute()
        let page = number.map { ReplyHistoryPage(all, number: $0) }
        let entries = page?.entries ?? all
        if command.json {
            try invocation.writeJSON(entries.map { GptCommandOutput.HistoryJSON($0, timeZone: timeZone) })
        } else if let page, page.isPastTheEnd {
            invocation.writeError("gpt: " + GptCommandOutput.noSuchPageText(page))
        } else {
            invocation.write(GptCommandOutput.historyText(entries, page: page, timeZone: timeZone))
        }
        if page?.isPastTheEnd == true { throw CommandError.exit(1) }
    }

    /// LuckyVicky's "delete account". On a terminal it asks for `yes`; elsewhere only `--yes` deletes, so a
    /// script never deletes by accident.
    private func forget(_ command: GptForgetCommand, _ invocation: CommandInvocation) async throws {
        if !command.yes {
            guard invocation.isTerminal else {
                throw CommandError.usage("this deletes your replies and today's uses; add \(GptForgetCommand.name(\.yes)) to confirm")
            }
            invocation.write("Delete your replies and today's uses? This can't be undone. Type yes to delete: ")
            guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                invocation.writeLine("Nothing was deleted.")
                throw CommandError.exit(1)
            }
        }
        try await container.makeForgetUserUseCase().execute()
        invocation.writeLine("Your replies and today's uses are deleted.")
    }

    private func ask(_ command: GptAskCommand, _ invocation: CommandInvocation) async throws {
        let trouble = command.arguments.text
        if trouble.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw CommandError.usage("missing \(GptAskCommand.name(\.text)): write your trouble, e.g. strata gpt ask \"I missed the bus\"")
        }
        // Say what to set before touching anything else; the key itself is never printed.
        if let refusal = OpenAIAuthorization(
            baseURL: settings.baseURL, apiKeyEnvironment: settings.apiKeyEnvironment,
            environment: invocation.environment
        ).refusal(baseURL: settings.baseURL.absoluteString) {
            throw GptError.chat(refusal)
        }
        let personaID = try await resolvePersona(command.persona)
        let request = ConvertTroubleRequest(personaID: personaID, trouble: trouble)
        let useCase = try container.makeConvertTroubleUseCase()
        let result: ConvertTroubleResult
        if command.json || command.noStream {
            do {
                result = try await useCase.execute(request)
            } catch {
                // The reply came and only keeping it failed: it is printed all the same (a stream showed it
                // as it came), and the error says it wasn't kept.
                if !command.json, case .replyNotKept(_, let reply) = error, !reply.isEmpty { invocation.write(reply + "\n") }
                throw error
            }
            if !command.json { invocation.write(result.reply.text + "\n") }
        } else {
            // In this task: Ctrl-C cancels it, and the use is given back before the command ends.
            var wroteText = false
            do {
                result = try await useCase.stream(request) { piece in
                    invocation.write(piece)
                    wroteText = true
                }
                invocation.write("\n")
            } catch {
                if wroteText { invocation.write("\n") }
                throw error
            }
        }
        if command.json {
            try invocation.writeJSON(GptCommandOutput.ReplyJSON(result, timeZone: timeZone))
        } else {
            invocation.writeError(GptCommandOutput.replyFooter(result))
        }
    }

    /// The persona asked for, or the first one (the lucky optimist).
    private func resolvePersona(_ requested: String?) async throws -> String {
        if let requested { return requested }
        let personas = try await container.makeFetchPersonasUseCase().execute()
        guard let first = personas.first else { throw GptError.personasUnavailable("no personas are defined") }
        return first.id
    }
}
