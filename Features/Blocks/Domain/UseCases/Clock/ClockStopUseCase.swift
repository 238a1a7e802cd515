/// Stops the running mode.
public protocol ClockStopUseCase: Sendable {
    /// Answers the mode that was running, or `nil` if nothing was.
    @discardableResult
    func execute() throws -> RunningMode?
}

public struct DefaultClockStopUseCase: ClockStopUseCase {
    private let runningMode: any RunningModeRepository

    public init(runningMode: any RunningModeRepository) {
        self.runningMode = runningMode
    }

    @discardableResult
    public func execute() throws -> RunningMode? {
        let mode = try runningMode.load()
        try runningMode.clear()
        return mode
    }
}
