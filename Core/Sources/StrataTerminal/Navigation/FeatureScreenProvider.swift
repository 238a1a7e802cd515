import StrataBase

/// How a feature plugin contributes its interactive screens.
///
/// A plugin contributes one provider to the `.screen` extension point:
///
/// ```swift
/// try context.contribute(.screen) { resolver in
///     HelloScreenProvider(greet: try resolver.resolve((any GreetUseCase).self))
/// }
/// ```
///
/// When the user opens the feature from the home screen, the host asks the provider for the feature's root
/// screen and pushes it. The provider is `Sendable` (it lives in the container); screens are main-actor
/// objects made fresh each time the feature is opened.
public protocol FeatureScreenProvider: Sendable {
    /// Makes the feature's first screen.
    ///
    /// - Parameter navigator: The app's navigation stack, for the feature's coordinator to push further
    ///   screens and present dialogs. Keep it weakly (the navigator holds the screens).
    /// - Throws: An error a person can act on if the feature cannot be opened (the host shows it in a
    ///   dialog and stays on the home screen).
    @MainActor func makeRootScreen(navigator: Navigator) throws -> any Screen
}

extension ExtensionPoint where Contribution == any FeatureScreenProvider {
    /// A plugin's root screen, which the home screen opens.
    public static var screen: Self { ExtensionPoint("screen") }
}
