extension PaletteDocument {
    /// What reading or changing a store found and did, from one read of the domain file.
    public struct Outcome<Result> {
        /// What the change's body returned, or for ``PaletteDocument/read()`` the palettes.
        public let result: Result
        /// What loading the stored palettes had to repair (``PaletteList/repairing(_:)``).
        public let warnings: [String]
        /// Whether the domain held a value under ``PaletteDocument/key``; when not, the
        /// built-in palettes were used (often a mistyped store or domain name).
        public let hadSavedValue: Bool
        /// Where a stored value that did not decode was saved before it was replaced
        /// (``PaletteDocument/change(replacingDamaged:_:)``); `nil` when nothing was.
        public let damagedCopy: String?
    }
}
