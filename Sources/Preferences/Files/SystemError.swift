import Glibc

/// The text of the current `errno`, for messages: "No space left on device".
func systemErrorText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
