import Glibc

/// The names of the entries of a folder, without `.` and `..`.
///
/// - Returns: The names that are valid UTF-8, and the others escaped as fields of a message
///   (``TextEscaper/escaped(bytes:)``: each byte that is not UTF-8 written `\xNN`), so they can be
///   reported rather than silently skipped; `nil` with `errno` set when the folder cannot be listed.
func folderEntries(_ path: String) -> (names: [String], undecodable: [String])? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    var undecodable: [String] = []
    while let entry = readdir(directory) {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
            // As a C string: `String(validating:as:)`'s generic code has the runtime build
            // type metadata on its first call, which every command that lists a folder would pay.
            if let name = String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self)) {
                if name != "." && name != ".." { names.append(name) }
            } else {
                undecodable.append(TextEscaper.field.escaped(bytes: raw.prefix(while: { $0 != 0 })))
            }
        }
    }
    return (names, undecodable)
}
