import Preferences
import Testing

/// The environment a library user builds by hand gives the folders, timeout and domain its
/// variables name, each variable read under its own name only.
@Suite("Preferences environment")
struct PreferencesEnvironmentTests {
    /// A variable whose name ends another's (`HOME`, `PREFS_HOME`, `XDG_CONFIG_HOME`) is read
    /// under its own name only, whichever of them are set.
    @Test func eachVariableIsReadUnderItsOwnName() throws {
        let all = PreferencesEnvironment(["PREFS_HOME": "/p", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        #expect(try all.preferencesFolder().path == "/p")
        #expect(all.home == "/h")
        let withoutPrefsHome = PreferencesEnvironment(["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        #expect(try withoutPrefsHome.preferencesFolder().path == "/x/prefs")
        let homeOnly = PreferencesEnvironment(["HOME": "/h", "XDG_DATA_HOME": "relative"])
        #expect(try homeOnly.preferencesFolder().path == "/h/.config/prefs")
        #expect(homeOnly.manifestSearchPath.folders.first == "/h/.local/share/prefs/manifests")
        #expect(PreferencesEnvironment(["PREFS_HOME": "/p"]).home == nil)
    }

    /// A variable set to the empty string is not an unset one where the difference matters:
    /// an empty `PREFS_LOCK_TIMEOUT` is refused, an unset one is the default.
    @Test func emptyIsNotUnset() throws {
        #expect(try PreferencesEnvironment([:]).lockTimeout() == 10)
        #expect(try PreferencesEnvironment(["PREFS_LOCK_TIMEOUT": "2.5"]).lockTimeout() == 2.5)
        #expect(preferenceError { _ = try PreferencesEnvironment(["PREFS_LOCK_TIMEOUT": ""]).lockTimeout() }?.code == .invalidArgument)
        #expect(PreferencesEnvironment(["PREFS_DOMAIN": ""]).standardDomain == nil)
        #expect(PreferencesEnvironment(["PREFS_DOMAIN": "com.example.editor"]).standardDomain == "com.example.editor")
        #expect(PreferencesEnvironment(["PREFS_NO_CACHE": "1", "HOME": "/h"]).manifestCache == nil)
        #expect(PreferencesEnvironment(["PREFS_NO_CACHE": "", "HOME": "/h"]).manifestCache?.folder == "/h/.cache/prefs/manifests")
    }

    /// `XDG_CONFIG_DIRS` gives `prefs` in each absolute folder, in order, skipping empty and
    /// relative entries; with none, `/etc/xdg/prefs`, as the XDG Base Directory specification says.
    @Test(arguments: [
        ("/a:/b", ["/a/prefs", "/b/prefs"]),
        (":/a::relative:/b/:", ["/a/prefs", "/b//prefs"]),
        ("/a", ["/a/prefs"]),
        ("relative:also/relative", ["/etc/xdg/prefs"]),
        ("", ["/etc/xdg/prefs"]),
        (":", ["/etc/xdg/prefs"])
    ])
    func administratorFolders(variable: String, folders: [String]) {
        #expect(PreferencesEnvironment(["XDG_CONFIG_DIRS": variable]).systemFolders.map(\.path) == folders)
    }

    /// A value ends at its first NUL character, as it would in a process's environment.
    @Test func valueEndsAtNUL() throws {
        #expect(try PreferencesEnvironment(["PREFS_HOME": "/p\u{0}/q"]).preferencesFolder().path == "/p")
    }
}
