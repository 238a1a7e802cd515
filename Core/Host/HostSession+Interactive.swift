import Foundation

extension HostSession {
    /// `strata` with no arguments on a terminal: the interactive app's home screen with every discovered
    /// feature (failed ones with their reason).
    @MainActor
    func runInteractive() async -> Int32 {
        let loader = loadPlugins()
        let features = loader.records.map { HomeFeature(record: $0, container: container) }
        return await runInteractiveApp(features: features, environment: environment)
    }
}
