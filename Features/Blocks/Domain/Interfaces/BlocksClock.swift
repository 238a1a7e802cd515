import FoundationEssentials

/// The current time, injected so schedules can be computed for any instant. The plugin adapts the host's
/// wall clock; tests use a fixed one.
public protocol BlocksClock: Sendable {
    func now() -> Date
}
