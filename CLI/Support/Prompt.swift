import Glibc

/// Yes-or-no questions on the terminal.
enum Prompt {
    /// Asks `question` on standard error and reads an answer from standard input.
    ///
    /// - Returns: `true` for an empty answer or one starting with `y`; `false` for anything else
    ///   and when standard input has ended (so scripts never loop).
    static func confirm(_ question: String) -> Bool {
        _ = question.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        var answer = [UInt8]()
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1, byte != UInt8(ascii: "\n") { answer.append(byte) }
        if answer.isEmpty, byte != UInt8(ascii: "\n") { return false }
        let text = String(decoding: answer, as: UTF8.self).lowercased()
        return text.isEmpty || text.hasPrefix("y")
    }
}
