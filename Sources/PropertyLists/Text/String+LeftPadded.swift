extension String {
    /// The string with zeros in front up to `width` characters: `"7".leftPadded(2)` is `"07"`.
    package func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
