/// Defaults shipped beside the program, as iOS apps ship a plist in their bundle.
extension PreferenceStore {
    /// Loads the property list file at `path` (its root a dictionary) into the registration domain.
    ///
    /// ```swift
    /// try store.register(defaultsFrom: "/usr/share/editor/defaults.plist")
    /// ```
    ///
    /// The file is read as domain files are, with the same checks and limits; nothing is written.
    /// The program names the file, so it is the program's choice, as a file named with `--file`
    /// or `validate --manifest` is the user's: whoever owns it, it is read (ship it 0644 in a
    /// folder of root's, as an installed manifest must be).
    ///
    /// - Throws: `.notFound` when there is no file, `.unreadable` (with file and line) when it does
    ///   not read or its root is not a dictionary.
    public func register(defaultsFrom path: String) throws(PreferenceError) {
        guard let defaults = try DomainFile(path: path).read() else {
            throw PreferenceError(.notFound, "the defaults file \(path) does not exist")
        }
        register(defaults: defaults)
    }
}
