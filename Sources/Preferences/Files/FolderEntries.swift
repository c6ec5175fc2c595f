import Glibc

/// The names of the entries of a folder, without `.` and `..`.
///
/// - Returns: The names that are valid UTF-8, and the others with each byte that is not UTF-8
///   written `\xNN`, so they can be reported rather than silently skipped; `nil` with `errno`
///   set when the folder cannot be listed.
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
                undecodable.append(escapingInvalidUTF8(raw.prefix(while: { $0 != 0 })))
            }
        }
    }
    return (names, undecodable)
}

/// `bytes` as text, each byte that is not part of valid UTF-8 written `\xNN`.
package func escapingInvalidUTF8(_ bytes: some Collection<UInt8>) -> String {
    var text = ""
    var rest = bytes[...]
    while !rest.isEmpty {
        var prefix = rest.prefix(4)
        while !prefix.isEmpty, String(validating: prefix, as: UTF8.self) == nil { prefix = prefix.dropLast() }
        if let decoded = String(validating: prefix, as: UTF8.self), !prefix.isEmpty {
            text += decoded
            rest = rest[prefix.endIndex...]
        } else {
            text += "\\x" + String(rest.first!, radix: 16, uppercase: true)
            rest = rest.dropFirst()
        }
    }
    return text
}
