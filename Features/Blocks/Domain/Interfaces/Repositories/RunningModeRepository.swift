/// Where the running mode is kept between runs of Strata. At most one mode runs at a time.
public protocol RunningModeRepository: Sendable {
    /// The saved mode, or `nil` when nothing runs.
    func load() throws -> RunningMode?
    /// Replaces whatever ran before.
    func save(_ mode: RunningMode) throws
    /// Stops: afterwards `load()` answers `nil`.
    func clear() throws
}
