import Foundation
import GptDomain
import GptPresentation
import GptTesting
import Testing

@MainActor
final class ShownPersonas {
    var personas: [Persona] = []
}

@MainActor
struct PersonaSelectionViewModelTests {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let today = CalendarDay(year: 2026, month: 3, day: 11)
    let now = Date(timeIntervalSince1970: 1_773_190_800) // 2026-03-11 10:00 in Seoul

    func makeViewModel(used: Int, readFailure: InMemoryUsageRepository.Failure? = nil,
                       shown: ShownPersonas) -> PersonaSelectionViewModel {
        let usage = InMemoryUsageRepository(users: [User(id: "mina", name: "mina", usedCount: used, lastUsedDate: today)],
                                            readFailure: readFailure)
        let now = self.now
        return PersonaSelectionViewModel(
            fetchPersonas: DefaultFetchPersonasUseCase(repository: StaticPersonasRepository()),
            fetchUsage: DefaultFetchUsageUseCase(repository: usage, policy: DailyUsagePolicy(limit: 10, timeZone: seoul),
                                                 userID: "mina", now: { now }),
            timeZone: seoul, now: { now },
            actions: .init(showTroubleInput: { shown.personas.append($0) },
                           showHistory: { Issue.record("the history was not asked for") }))
    }

    @Test func loadsPersonasSelectsTheFirstAndShowsTodaysUses() async {
        let shown = ShownPersonas()
        let viewModel = makeViewModel(used: 3, shown: shown)
        #expect(!viewModel.isSelectEnabled)

        await viewModel.load()

        #expect(viewModel.personas.map(\.id) == ["lucky", "stoic"])
        #expect(viewModel.selectedPersona?.id == "lucky")
        #expect(viewModel.usageText == "uses today 3/10")
        #expect(viewModel.isSelectEnabled)
        #expect(viewModel.limitMessage == nil)
        viewModel.select(index: 1)
        #expect(viewModel.confirm())
        #expect(shown.personas.map(\.id) == ["stoic"])
    }

    @Test func spentUsesDisableSelectingAndSayWhenTheyReset() async {
        let shown = ShownPersonas()
        let viewModel = makeViewModel(used: 10, shown: shown)
        await viewModel.load()

        #expect(!viewModel.isSelectEnabled)
        // 10:00 in Seoul; the zone is named when the test's own zone is another
        #expect(viewModel.limitMessage?.hasPrefix("Today's limit of 10 uses is reached. It resets at midnight") == true)
        #expect(viewModel.limitMessage?.hasSuffix(", in 14 h.") == true)
        #expect(!viewModel.confirm())
        #expect(shown.personas.isEmpty)
    }

    @Test func aUsageFailureIsShownAndSelectingStaysDisabled() async {
        let viewModel = makeViewModel(used: 0, readFailure: .init("database is locked"), shown: ShownPersonas())
        await viewModel.load()
        #expect(viewModel.errorMessage?.contains("database is locked") == true)
        #expect(!viewModel.isSelectEnabled)
    }

    @Test func selectingOutsideTheListChangesNothing() async {
        let viewModel = makeViewModel(used: 0, shown: ShownPersonas())
        await viewModel.load()
        viewModel.select(index: 5)
        #expect(viewModel.selectedIndex == 0)
    }
}
