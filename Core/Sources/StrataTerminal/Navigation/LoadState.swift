/// The state of something a view model loads: nothing yet, loading, loaded, or failed with a message for
/// the user. A screen draws a ``Spinner`` for `.loading` and the message for `.failed`.
public enum LoadState<Value: Sendable>: Sendable {
    /// Not started.
    case idle
    /// In progress.
    case loading
    /// Done.
    case loaded(Value)
    /// Failed; the message says what happened and what to do.
    case failed(String)

    /// The loaded value, if any.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// Whether loading is in progress.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The failure message, if any.
    public var errorMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}

extension LoadState: Equatable where Value: Equatable {}
