import Glibc
import StrataBase
import FoundationEssentials
import StrataTerminal

extension HostSession {
    /// `strata` with no arguments on a terminal: the interactive app's home screen with every discovered
    /// feature from its descriptor (failed ones with their reason); a feature's plugin is loaded when it
    /// is opened.
    @MainActor
    func runInteractive() async -> Int32 {
        guard Supervisor.followSupervisor(environment: environment) else { return 128 + SIGHUP }
        let features = records.map { record in
            HomeFeature(record: record) { [self] in try self.screenProvider(for: record.id) }
        }
        return await runInteractiveApp(features: features, notice: environment[Supervisor.noticeVariable], environment: environment)
    }

    /// Activates plugin `id` and returns the screen provider it contributed, if any.
    /// - Throws: `HomeFeature.ActivationFailed` with the reason when it fails to load or its provider fails.
    @MainActor
    func screenProvider(for id: String) throws -> (any FeatureScreenProvider)? {
        if let refusal = screenRefusal(id) { throw HomeFeature.ActivationFailed(description: refusal) }
        let loader = activate([id])
        guard let record = loader.records.first(where: { $0.id == id }), record.state == .loaded else {
            throw HomeFeature.ActivationFailed(description: loader.records.first { $0.id == id }?.error ?? "it did not load")
        }
        CrashJournal.arm(id, path: record.path, in: crashes)
        do {
            return try container.resolve((any FeatureScreenProvider).self, name: ExtensionPoint.screen.key(for: id),
                                         requester: .host)
        } catch .notRegistered {
            return nil
        } catch {
            throw HomeFeature.ActivationFailed(description: "its screens could not be made: \(error)")
        }
    }
}
