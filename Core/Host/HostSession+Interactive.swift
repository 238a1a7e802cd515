import Foundation

extension HostSession {
    /// `strata` with no arguments on a terminal.
    @MainActor
    func runInteractive() async -> Int32 {
        loadPlugins()
        Console.write(HostSession.statusTable(loader?.records.map(PluginStatus.init) ?? []) + "\n" + help())
        return 0
    }
}
