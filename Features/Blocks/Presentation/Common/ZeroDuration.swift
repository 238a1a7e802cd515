import BlocksDomain

/// What a form says when a duration is 0: Tempus saves it as a minute, and the person should know before
/// saving.
enum ZeroDuration {
    static let note = "A duration of 0s is saved as \(DurationText.text(BlocksValidation.minimumDuration)), as Tempus does."
}
