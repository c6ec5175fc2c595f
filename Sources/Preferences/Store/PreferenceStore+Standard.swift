/// The running program's own store, as apps use `UserDefaults.standard`.
extension PreferenceStore {
    /// The store of the running program's domain: `PREFS_DOMAIN` when set, else the executable's
    /// name, in the folder the environment names, with the program's command line as the argument
    /// domain.
    ///
    /// ```swift
    /// let store = PreferenceStore.standard
    /// let size = try store.integer(forKey: "fontSize")
    /// ```
    ///
    /// Obtaining it cannot fail; when the environment names no usable domain or folder, every
    /// read and write throws that ``PreferenceError`` (`.invalidArgument`) instead.
    public static let standard: PreferenceStore = {
        do throws(PreferenceError) {
            let environment = PreferencesEnvironment()
            return try PreferenceStore(domain: standardDomainName(in: environment), environment: environment)
        } catch {
            return PreferenceStore(failing: error)
        }
    }()

    /// `PREFS_DOMAIN`, else the last component of the executable's path.
    static func standardDomainName(in environment: PreferencesEnvironment) -> String {
        if let name = environment.standardDomain { return name }
        let program = CommandLine.arguments.first ?? ""
        return program.split(separator: "/").last.map(String.init) ?? program
    }
}
