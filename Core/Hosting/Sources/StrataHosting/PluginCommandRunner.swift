import StrataPluginKit

/// A plugin command as routing found it: the plugin, the command its descriptor declares, and the words
/// after the command's path.
public struct PluginCommandRequest: Sendable, Equatable {
    public let pluginID: String
    public let declared: PluginDescriptor.Command
    public let arguments: [String]

    public init(pluginID: String, declared: PluginDescriptor.Command, arguments: [String]) {
        self.pluginID = pluginID
        self.declared = declared
        self.arguments = arguments
    }

    /// The request for `words` among the commands `descriptor` declares (the longest path the words start
    /// with), or `nil` when none matches.
    public init?(_ words: [String], of descriptor: PluginDescriptor) {
        guard let declared = descriptor.command(for: words) else { return nil }
        self.init(pluginID: descriptor.id, declared: declared, arguments: Array(words.dropFirst(declared.words.count)))
    }
}

/// Runs a routed plugin command the one way `strata` and `PluginTestHost` both run it: parses the arguments
/// with the command's declaration (bad input is answered, exit 2, before the plugin is activated), activates
/// the plugin, runs the command it contributed for the path, and reports errors with their exit codes.
public struct PluginCommandRunner {
    /// Activates plugin `id` and answers the commands it contributed, or why it can't run one.
    public typealias Activation = (_ id: String) -> Result<[PluginCommand], PluginActivationFailure>
    /// Runs the command of plugin `id` (the host arms its crash journal and lets Ctrl-C cancel it).
    public typealias Guard = (_ id: String, _ run: @escaping @Sendable () async -> Int32) async -> Int32

    private let activate: Activation
    private let guarding: Guard

    public init(activate: @escaping Activation, guarding: @escaping Guard = { _, run in await run() }) {
        self.activate = activate
        self.guarding = guarding
    }

    /// Runs `request`, its output and errors written through `invocation`; answers the exit code.
    public func run(_ request: PluginCommandRequest, invocation: CommandInvocation) async -> Int32 {
        let parsed: CommandArguments
        do {
            parsed = try request.declared.spec.parse(request.arguments)
        } catch {
            return PluginCommand.report(error, pluginID: request.pluginID, usage: request.declared.usage, to: invocation)
        }
        return await run(request, parsed: parsed, invocation: invocation)
    }

    /// Runs `request` on arguments parsed already (by strata, for a plugin's helper: it parses nothing again).
    public func run(_ request: PluginCommandRequest, parsed: CommandArguments, invocation: CommandInvocation) async -> Int32 {
        let pluginID = request.pluginID, usage = request.declared.usage
        let failure: PluginActivationFailure
        switch activate(pluginID) {
        case .success(let commands):
            if let command = commands.first(where: { $0.path == request.declared.words }) {
                return await guarding(pluginID) { await command.execute(parsed, pluginID: pluginID, usage: usage, invocation: invocation) }
            }
            failure = PluginActivationFailure(reason: "it did not contribute the command")
        case .failure(let activationFailure):
            failure = activationFailure
        }
        invocation.writeError("strata: feature '\(pluginID)' failed to load: \(failure.reason)")
        return failure.exitCode
    }
}

/// Why a plugin could not be activated to run a command.
public struct PluginActivationFailure: Error, Sendable {
    public let reason: String
    /// The command's exit code: 1, or 2 when the config is at fault (a setting its declaration refuses).
    public let exitCode: Int32

    public init(reason: String, exitCode: Int32 = 1) {
        self.reason = reason
        self.exitCode = exitCode
    }
}
