import FoundationEssentials
import StrataBase
import StrataTerminal

/// Runs the interactive app on this terminal: the home screen with `features`, until the user quits; `live`,
/// if given, keeps them up to date as the config and the plugin folders change.
///
/// Without a usable terminal (a pipe, CI, `TERM=dumb`) it prints ``homeText(features:)`` instead.
///
/// - Returns: The process exit code: 0 after `q`, 130 after Ctrl-C, 1 when a screen failed (the error is
///   printed to standard error after the terminal has been restored).
@MainActor
func runInteractiveApp(
    features: [HomeFeature], notice: String? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment, live: LiveCatalog? = nil,
    usage: ((PluginUsage.Window) -> [PluginUsage])? = nil
) async -> Int32 {
    guard TerminalCapabilities(environment: environment).supportsFullScreen else {
        Console.write(homeText(features: features))
        return 0
    }
    let app = TerminalApp { HomeScreen(features: features, notice: notice, navigator: $0) }
    (app.navigator.top as? HomeScreen)?.environment = environment
    if let live, let home = app.navigator.top as? HomeScreen { live.follow(home: home, navigator: app.navigator) }
    (app.navigator.top as? HomeScreen)?.usage = usage
    if let dev = DevAppLink(environment: environment), let screen = app.navigator.top as? HomeScreen {
        let reopen = dev.featureOnScreen
        screen.onShow = dev.remember
        if let reopen { screen.open(reopen) }
        dev.showFailures(in: app.navigator)
    }
    do {
        return try await app.run(environment: environment)
    } catch {
        Console.error("the interactive app stopped: \(error)")
        return 1
    }
}

/// The home screen as plain text, for output that is not a terminal: each feature with its state and
/// summary (or the reason it failed), then where to go next.
func homeText(features: [HomeFeature]) -> String {
    let nameWidth = features.map(\.displayName.displayWidth).max() ?? 0
    var text = "Strata features:\n"
    for feature in features {
        let name = Sanitizer.sanitize(feature.displayName).padded(toWidth: nameWidth)
        let state = feature.stateName.padded(toWidth: 8)
        let detail =
            switch feature.state {
            case .available: feature.summary
            case .disabled: "\(feature.summary) (set features.\(feature.id).enabled to true to use it)"
            case .failed(let reason): reason
            case .needsApproval: "\(feature.summary) (run `strata plugins allow \(feature.id)` to see what it asks for and allow it)"
            }
        text += "  \(name)  \(state)  \(Sanitizer.sanitize(detail))\n"
    }
    if features.isEmpty { text += "  (none found; run `strata plugins list` to see where strata looked)\n" }
    text += "\nRun `strata` in a terminal for the interactive app, or `strata --help` for commands.\n"
    return text
}
