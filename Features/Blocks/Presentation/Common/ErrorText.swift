/// The message a person reads for an error: its `description` (the domain's errors are written for people).
func errorText(_ error: any Error) -> String {
    String(describing: error)
}
