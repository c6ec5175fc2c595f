import Glibc

extension PreferencesFolder {
    /// The read-only system folders an administrator puts defaults in, highest precedence first:
    /// `prefs` in each absolute folder of `XDG_CONFIG_DIRS`, else `/etc/xdg/prefs`, as the XDG
    /// Base Directory specification says. Like macOS's `/Library/Preferences`, they sit below the
    /// user's domain in the search list, and nothing is ever written to them.
    public static func systemFolders() -> [PreferencesFolder] {
        let variable = getenv("XDG_CONFIG_DIRS").flatMap { String(validatingCString: $0) } ?? ""
        let folders = variable.split(separator: ":").filter { $0.hasPrefix("/") }.map { PreferencesFolder(path: $0 + "/prefs") }
        return folders.isEmpty ? [PreferencesFolder(path: "/etc/xdg/prefs")] : folders
    }
}
