import BlocksDomain

/// The use cases of one kind of item.
public struct ItemUseCases<Item: BlocksItem>: Sendable {
    public let fetch: any ItemFetchUseCase<Item>
    public let create: any ItemCreateUseCase<Item>
    public let edit: any ItemEditUseCase<Item>
    public let delete: any ItemDeleteUseCase<Item>

    public init(
        fetch: any ItemFetchUseCase<Item>, create: any ItemCreateUseCase<Item>, edit: any ItemEditUseCase<Item>,
        delete: any ItemDeleteUseCase<Item>
    ) {
        self.fetch = fetch
        self.create = create
        self.edit = edit
        self.delete = delete
    }
}

/// What the blocks scenes need, handed over by the composition root.
public struct BlocksSceneDependencies: Sendable {
    public let blocks: ItemUseCases<Block>
    public let dailies: ItemUseCases<Daily>
    public let timers: ItemUseCases<FocusTimer>
    public let start: any ModeStartUseCase
    public let clock: any ClockFetchUseCase
    public let stop: any ClockStopUseCase
    public let wallClock: any BlocksClock
    /// Says a phase ended beyond the bell (a desktop notification, where there is a desktop).
    public let notifier: any PhaseNotifier

    public init(
        blocks: ItemUseCases<Block>, dailies: ItemUseCases<Daily>, timers: ItemUseCases<FocusTimer>,
        start: any ModeStartUseCase, clock: any ClockFetchUseCase, stop: any ClockStopUseCase,
        wallClock: any BlocksClock, notifier: any PhaseNotifier
    ) {
        self.blocks = blocks
        self.dailies = dailies
        self.timers = timers
        self.start = start
        self.clock = clock
        self.stop = stop
        self.wallClock = wallClock
        self.notifier = notifier
    }
}
