import Preferences
import PropertyLists

extension PreferencesEnvironment {
    /// The environment this run of prefs was started with, read once: every command takes its
    /// folders, manifests and lock timeout from it.
    static let process = PreferencesEnvironment()
}

extension Output {
    /// Prints a notice of the libraries on standard error: `Warning: …` or `note: …`.
    static let notices: NoticeHandler = { notice in Output.error(notice.description) }
}
