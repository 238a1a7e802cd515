/// A list that reloads when told to: after a create or a successful edit (Tempus's `fetchRefreshDelegate`).
@MainActor
public protocol FetchRefreshDelegate: AnyObject {
    func refresh()
}

/// A detail screen that shows an edited model without reloading (Tempus's `editReflectDelegate`).
@MainActor
public protocol EditReflectDelegate<Model>: AnyObject {
    associatedtype Model
    func reflect(_ model: Model)
}
