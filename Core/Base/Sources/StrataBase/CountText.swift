/// A count with its noun in the right number: `countText(1, "reply", "replies")` is `"1 reply"`,
/// `countText(3, "round")` is `"3 rounds"` (the plural is the singular with an s unless given).
public func countText(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
