import Glibc

/// The text of the current `errno`, for messages: "No space left on device".
func systemErrorText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
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

private func printToStandardError(_ text: String) {
    let line = Array(text.utf8)
    var offset = 0
    while offset < line.count {
        let written = line[offset...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
    }
}
