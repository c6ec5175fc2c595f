import Glibc
import Preferences
import SystemPackage

/// A private temporary file for text the user edits.
enum TemporaryTextFile {
    /// Creates a 0600 file in `$TMPDIR` (or `/tmp`) holding `text`.
    ///
    /// - Returns: The file's path.
    static func create(_ text: String) throws -> String {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/prefs-palettes-XXXXXX.txt").utf8CString)
        let descriptor = mkstemps(&template, 4)
        guard descriptor >= 0 else {
            throw CLIError(.writeFailed, "cannot create a temporary file in \(folder): \(Errno(rawValue: errno))")
        }
        defer { close(descriptor) }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try FileDescriptor(rawValue: descriptor).write(all: Array(text.utf8))
        } catch {
            unlink(path)
            throw CLIError(.writeFailed, "cannot write \(path): \(error)")
        }
        return path
    }
}
