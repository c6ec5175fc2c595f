import Preferences
import PropertyLists

/// The one-time note that a write turned a binary domain file (copied from a Mac) into XML.
enum FormatChangeNotice {
    /// Runs `change` on `file` and, when it turned a binary file into XML, says so on stderr.
    static func around<Result>(_ file: DomainFile, _ change: () throws -> Result) rethrows -> Result {
        let before = PropertyListFormat(fileAt: file.path)
        let result = try change()
        if before == .binary, PropertyListFormat(fileAt: file.path) == .xml {
            Output.error("note: \(file.path) was a binary property list; prefs has written it as canonical XML")
        }
        return result
    }
}
