extension PropertyListReader {
    /// Reads one value written as a bare XML element, such as `<dict><key>a</key><integer>1</integer></dict>`
    /// or `<string>x</string>`, the way `defaults write` takes plist literals on the command line.
    ///
    /// The fragment is wrapped in `<plist>` and read with the same validation as a file.
    ///
    /// - Parameters:
    ///   - fragment: The element's text.
    ///   - source: How errors name the input, for example `argument 3`.
    /// - Throws: ``PropertyListError`` when the fragment is not exactly one valid value.
    public func read(fragment: String, source: String? = nil) throws(PropertyListError) -> PropertyList {
        try read(Array(("<plist version=\"1.0\">" + fragment + "</plist>").utf8), fileName: source)
    }
}
