/// What the provider plugin offers other plugins.
public protocol Greeter: Sendable {
    func greeting(for name: String) -> String
}
