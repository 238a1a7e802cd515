import BlocksDomain

/// Every use case the screens need, handed over by the composition root.
public struct BlocksUseCases: Sendable {
    public let fetchBlocks: any BlockFetchUseCase
    public let createBlock: any BlockCreateUseCase
    public let editBlock: any BlockEditUseCase
    public let deleteBlock: any BlockDeleteUseCase
    public let fetchDailies: any DailyFetchUseCase
    public let createDaily: any DailyCreateUseCase
    public let editDaily: any DailyEditUseCase
    public let deleteDaily: any DailyDeleteUseCase
    public let fetchTimers: any TimerFetchUseCase
    public let createTimer: any TimerCreateUseCase
    public let editTimer: any TimerEditUseCase
    public let deleteTimer: any TimerDeleteUseCase
    public let start: any ModeStartUseCase
    public let clock: any ClockFetchUseCase
    public let stop: any ClockStopUseCase

    public init(fetchBlocks: any BlockFetchUseCase, createBlock: any BlockCreateUseCase, editBlock: any BlockEditUseCase,
                deleteBlock: any BlockDeleteUseCase, fetchDailies: any DailyFetchUseCase,
                createDaily: any DailyCreateUseCase, editDaily: any DailyEditUseCase,
                deleteDaily: any DailyDeleteUseCase, fetchTimers: any TimerFetchUseCase,
                createTimer: any TimerCreateUseCase, editTimer: any TimerEditUseCase, deleteTimer: any TimerDeleteUseCase,
                start: any ModeStartUseCase, clock: any ClockFetchUseCase, stop: any ClockStopUseCase) {
        self.fetchBlocks = fetchBlocks
        self.createBlock = createBlock
        self.editBlock = editBlock
        self.deleteBlock = deleteBlock
        self.fetchDailies = fetchDailies
        self.createDaily = createDaily
        self.editDaily = editDaily
        self.deleteDaily = deleteDaily
        self.fetchTimers = fetchTimers
        self.createTimer = createTimer
        self.editTimer = editTimer
        self.deleteTimer = deleteTimer
        self.start = start
        self.clock = clock
        self.stop = stop
    }
}
