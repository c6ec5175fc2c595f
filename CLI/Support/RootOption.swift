import ArgumentParser
import Preferences

/// `--root DIR`, for the commands that work on a whole folder of domains (`domains`, `doctor`).
struct RootOption: ParsableArguments {
    @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
    var root: String?

    func validate() throws {
        if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
    }

    /// The folder: `--root`, else the environment's.
    func folder() throws(PreferenceError) -> PreferencesFolder {
        try StoreLocation(root: root).folder()
    }
}
