import Foundation
import GptDomain
import Observation

/// What the persona selection screen can ask for.
public struct PersonaSelectionViewModelActions: Sendable {
    /// Go on to write a trouble for the chosen persona.
    public let showTroubleInput: @MainActor @Sendable (Persona) -> Void
    /// Show the replies received so far.
    public let showHistory: @MainActor @Sendable () -> Void

    public init(
        showTroubleInput: @escaping @MainActor @Sendable (Persona) -> Void,
        showHistory: @escaping @MainActor @Sendable () -> Void
    ) {
        self.showTroubleInput = showTroubleInput
        self.showHistory = showHistory
    }
}

/// The personas to choose from, today's uses, and whether choosing is allowed.
@MainActor @Observable
public final class PersonaSelectionViewModel {
    public private(set) var personas: [Persona] = []
    public private(set) var usage: Usage?
    public private(set) var isLoading = false
    /// Whether the first load ended (with the personas and the usage, or an error): until then keys have
    /// nothing to act on.
    public private(set) var hasLoaded = false
    /// Why the personas or the usage couldn't be loaded.
    public private(set) var errorMessage: String?
    public private(set) var selectedIndex: Int?

    private let fetchPersonas: any FetchPersonasUseCase
    private let fetchUsage: any FetchUsageUseCase
    private let timeZone: TimeZone
    private let now: @Sendable () -> Date
    private let actions: PersonaSelectionViewModelActions

    public init(
        fetchPersonas: any FetchPersonasUseCase, fetchUsage: any FetchUsageUseCase, timeZone: TimeZone,
        now: @escaping @Sendable () -> Date = Date.init, actions: PersonaSelectionViewModelActions
    ) {
        self.fetchPersonas = fetchPersonas
        self.fetchUsage = fetchUsage
        self.timeZone = timeZone
        self.now = now
        self.actions = actions
    }

    public func showHistory() { actions.showHistory() }

    public var selectedPersona: Persona? {
        selectedIndex.flatMap { personas.indices.contains($0) ? personas[$0] : nil }
    }

    /// `uses today 3/10`, or empty before the usage is known.
    public var usageText: String { usage.map(UsageFormatting.usesToday) ?? "" }

    /// Set when today's uses are spent.
    public var limitMessage: String? {
        guard let usage, usage.isExhausted else { return nil }
        return UsageFormatting.limitMessage(usage, now: now(), in: timeZone)
    }

    /// Only with a persona selected and uses left.
    public var isSelectEnabled: Bool {
        selectedPersona != nil && usage.map { !$0.isExhausted } == true
    }

    /// Loads the personas and today's usage; keeps the selection on the same persona when it still exists.
    public func load() async {
        isLoading = true
        defer {
            isLoading = false
            hasLoaded = true
        }
        let previous = selectedPersona?.id
        do {
            personas = try await fetchPersonas.execute()
            usage = try await fetchUsage.execute()
            errorMessage = nil
        } catch {
            errorMessage = GptErrorText.text(error, now: now(), in: timeZone)
        }
        if personas.isEmpty {
            selectedIndex = nil
        } else {
            selectedIndex = personas.firstIndex { $0.id == previous } ?? selectedIndex.map { min($0, personas.count - 1) } ?? 0
        }
    }

    public func select(index: Int) {
        guard personas.indices.contains(index) else { return }
        selectedIndex = index
    }

    /// Goes on with the selected persona when allowed; returns whether it did.
    @discardableResult
    public func confirm() -> Bool {
        guard isSelectEnabled, let persona = selectedPersona else { return false }
        actions.showTroubleInput(persona)
        return true
    }
}
