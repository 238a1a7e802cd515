import FoundationEssentials
import StrataBase
import StrataTerminal

/// The app's features as its config and plugin folders say now. It watches them with inotify (the folders
/// it discovers plugins in, the config file's folder, for that file alone, and the approvals, pins and crashes
/// a start judges plugins by), and once they have settled
/// after a change it runs the start's stages again (config → discovery → catalog → records), so that a plugin
/// dropped in, enabled, disabled, removed or replaced shows as it would after a fresh start. Changes are told
/// in the home screen's notice; the screens of a plugin that went close. A plugin whose code already runs in
/// strata keeps running as it was (``FeatureChanges``); a config that can't be used leaves the last good one
/// in force, and its error is shown once.
///
/// The watching thread sleeps in `poll` until the kernel reports a change: an idle app stays idle.
@MainActor
final class LiveCatalog {
    private let runner: HostRunner
    /// The catalog's records as last read.
    private var read: [PluginRecord]
    /// The records the home screen shows.
    private var shown: [PluginRecord]
    /// The config error shown last, while the config can't be used.
    private var configError: String?
    private var watcher: FolderWatcher?
    private weak var home: HomeScreen?
    private weak var navigator: Navigator?

    init(runner: HostRunner) {
        self.runner = runner
        read = runner.catalog.records
        shown = runner.records
    }

    /// The features for the home screen, each activated through the runner when it opens.
    var features: [HomeFeature] {
        let catalog = runner.catalog
        return shown.map { record in
            var feature = HomeFeature(record: record) { [runner] in try InteractiveCommand.screenProvider(of: record.id, runner: runner) }
            feature.prepare = { [runner] in InteractiveCommand.prepareHelper(of: record.id, runner: runner) }
            // A drop-in that reaches beyond its folder waits for the user's yes, given here as `plugins allow` gives it.
            // One that needs none (it ships with strata) is told without its descriptor: parsing the four shipped
            // plugins' was 6 % of the time to the first frame.
            guard feature.state == .available, record.facts?.reaches == true else { return feature }
            let judge = catalog.approvalJudge, isolation = catalog.context.config.isolation(for: record.id, at: record.path)
            guard judge.exemption(path: record.path, isolation: isolation) == nil, let descriptor = record.descriptor else { return feature }
            return feature.held(by: judge.judge(record.id, path: record.path, descriptor: descriptor, isolation: isolation), path: record.path, judge: judge)
        }
    }

    /// Follows the config and the plugin folders from now on, keeping `home`, the root of `navigator`, up to
    /// date. Without inotify (or a thread to wait on it) the app goes on as it started.
    func follow(home: HomeScreen, navigator: Navigator) {
        self.home = home
        self.navigator = navigator
        let watcher: FolderWatcher
        do {
            watcher = try FolderWatcher()
        } catch {
            runner.context.logger.debug("the app can't follow its plugin folders and config: inotify: \(error.reason)")
            return
        }
        watcher.watch(Self.folders(of: runner.catalog))
        self.watcher = watcher
        let started = detachThread(named: "strata-watch") { [weak self] in
            while true {
                guard !watcher.settledChanges(waitingUpTo: -1).isEmpty else { continue }
                Task { @MainActor in self?.reload() }
            }
        }
        if !started { runner.context.logger.debug("the app can't follow its plugin folders and config: no thread to watch them") }
    }

    /// What is watched for `catalog`: its plugin folders, for plugin files; the folder of each file the config
    /// may be read from, for that file; and the records a fresh start would judge by (approvals of configs,
    /// the pins that apply, crashes).
    static func folders(of catalog: HostCatalog) -> [FolderWatcher.Folder] {
        let context = catalog.context
        let plugins = context.pluginDirectories.map { folder in
            FolderWatcher.Folder(path: folder, names: { PluginDiscovery.pluginID(fromFileName: $0) != nil })
        }
        let configs = ConfigLoader(explicitPath: context.options.configPath, environment: context.environment).candidates().map { candidate in
            let file = URL(fileURLWithPath: candidate.path)
            let name = file.lastPathComponent
            return FolderWatcher.Folder(path: file.deletingLastPathComponent().path, names: { $0 == name })
        }
        let records =
            [ConfigAllowance(environment: context.environment).records.directory, context.crashes] + (catalog.pins.map { [$0.records.directory] } ?? [])
        return plugins + configs + records.map { FolderWatcher.Folder(path: $0.path, names: { _ in true }) }
    }

    /// Reads the config and the plugin folders again and shows what changed.
    func reload() {
        guard let home, let navigator else { return }
        let context: HostContext
        do {
            context = try HostContext.load(options: runner.context.options, environment: runner.context.environment)
        } catch {
            showConfigError("\(error)", home: home, navigator: navigator)
            return
        }
        if let configError, home.notice == Self.configNotice(configError) { home.notice = nil }
        configError = nil
        let catalog = HostCatalog(context)
        // A helper started ahead started as the old config and folders said.
        HelperSpare.shared.discardAll()
        // What a fresh start would warn about before the app (a local config passed over, an unknown key), once.
        let warned = Set(runner.catalog.warnings)
        let warnings = catalog.warnings.filter { !warned.contains($0) }
        runner.adopt(catalog)
        let changes = FeatureChanges(
            shown: shown, before: read, fresh: catalog.records, running: runner.openedRecords, configSource: context.config.source,
            home: homeDirectory(context.environment))
        let open = home.openFeature.flatMap { id in shown.first { $0.id == id } }
        read = catalog.records
        shown = changes.records
        watcher?.watch(Self.folders(of: catalog))
        home.replace(features)
        let closed = open.flatMap { open in changes.gone[open.id].map { "\(FeatureChanges.name(open)) closed: \($0)" } }
        if closed != nil { navigator.popToRoot() }
        let lines = [closed, changes.notice(except: closed == nil ? nil : open?.id)].compactMap { $0 } + warnings
        if closed != nil || !warnings.isEmpty {
            home.notice = lines.joined(separator: "; ")
        } else if let notice = changes.notice {
            home.inform(notice)
        }
        navigator.setNeedsRedraw()
    }

    /// Shows why the config can't be used, once: on the home screen, and over a feature's screen if one is
    /// open (which stays as it was).
    private func showConfigError(_ error: String, home: HomeScreen, navigator: Navigator) {
        guard error != configError else { return }
        configError = error
        home.notice = Self.configNotice(error)
        // Not over a helper that is starting: its screen takes the starting one's place only from the top.
        if navigator.canGoBack, !(navigator.top is HelperStartingScreen) {
            navigator.presentAlert(title: "Config", message: Self.configNotice(error))
        }
        navigator.setNeedsRedraw()
    }

    private static func configNotice(_ error: String) -> String {
        "\(error) strata goes on with the config it had until this is fixed."
    }
}
