import FoundationEssentials
import Glibc
import StrataBase
import StrataTerminal

/// `strata` with no arguments on a terminal: the interactive app's home screen with every discovered
/// feature from its descriptor (failed ones with their reason), kept up to date as the config and the plugin
/// folders change (``LiveCatalog``); a feature's plugin is loaded when it is opened.
@MainActor
struct InteractiveCommand {
    let runner: HostRunner

    func run() async -> Int32 {
        let environment = runner.context.environment
        guard Supervisor.followSupervisor(environment: environment) else { return 128 + SIGHUP }
        PluginUsage.Window.markProcessStart()
        let live = LiveCatalog(runner: runner)
        // A helper started ahead and not opened ends with strata, as every helper does.
        return await runInteractiveApp(
            features: live.features, notice: environment[Supervisor.noticeVariable], environment: environment, live: live,
            usage: { [runner] in PluginUsage.rows(runner, window: $0) })
    }

    /// Starts the helper of plugin `id` ahead, if its screens run in one (``HelperSpare``).
    static func prepareHelper(of id: String, runner: HostRunner) {
        guard let command = runner.helperCommand(for: id), runner.catalog.plugins.entry(id)?.descriptor?.opensScreens == true else { return }
        HelperSpare.shared.prepare(command)
    }

    /// Activates plugin `id` and returns the screen provider it contributed, if any.
    /// - Throws: `HomeFeature.ActivationFailed` with the reason when it fails to load or its provider fails.
    static func screenProvider(of id: String, runner: HostRunner) throws -> (any FeatureScreenProvider)? {
        if let command = runner.helperCommand(for: id) {
            // Its screens run in a helper started when it opens; strata doesn't load its code.
            guard runner.catalog.plugins.entry(id)?.descriptor?.opensScreens == true else { return nil }
            let name = runner.records.first { $0.id == id }?.facts?.displayName ?? id
            return HelperScreenProvider(command: command, displayName: name)
        }
        let record: PluginRecord
        switch runner.loaded(id, fallback: "it did not load") {
        case .success(let loaded): record = loaded
        case .failure(let failure): throw HomeFeature.ActivationFailed(description: failure.reason)
        }
        CrashJournal.arm(id, path: record.path, in: runner.context.crashes)
        do {
            return try runner.container.resolve(
                (any FeatureScreenProvider).self, name: ExtensionPoint.screen.key(for: id),
                requester: .host)
        } catch .notRegistered {
            return nil
        } catch {
            throw HomeFeature.ActivationFailed(description: "its screens could not be made: \(error)")
        }
    }
}
