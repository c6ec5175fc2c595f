import Glibc
import SystemPackage

/// The text of the current `errno`, for messages: "No space left on device".
func systemErrorText(_ code: Int32 = errno) -> String {
    Errno(rawValue: code).description
}

/// Prints `Warning: message` on standard error: for what the user should know but is no
/// failure to throw, such as a change whose durability could not be confirmed.
func warn(_ message: String) {
    printToStandardError("Warning: \(message)\n")
}

/// Prints `note: message` on standard error: for what prefs did that the user did not ask for
/// in so many words, such as turning a binary domain file into XML.
func note(_ message: String) {
    printToStandardError("note: \(message)\n")
}

/// Writes `text` to standard error; a failure is dropped, as there is nowhere left to say it.
private func printToStandardError(_ text: String) {
    try? FileDescriptor.standardError.write(all: Array(text.utf8))
}
