import Glibc
import SystemPackage

/// The text of the current `errno`, for messages: "No space left on device".
func systemErrorText(_ code: Int32 = errno) -> String {
    Errno(rawValue: code).description
}

extension PreferenceError {
    /// The error of a failed system call: `message`, a colon and the system's reason, then
    /// `advice`, with the system's error kept as ``cause``.
    ///
    /// - Parameter code: The `errno` the call left; the current one by default.
    static func system(_ kind: Code, _ message: String, errno code: Int32 = errno, advice: String = "") -> PreferenceError {
        PreferenceError(kind, "\(message): \(systemErrorText(code))\(advice)", cause: Errno(rawValue: code))
    }
}
