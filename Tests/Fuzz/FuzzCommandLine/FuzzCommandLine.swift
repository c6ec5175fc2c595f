import Preferences
import PropertyLists

/// libFuzzer entry point for the command line's value parsers: NUL-separated words go through
/// domain-name checks, key paths, `write`'s type flags and JSON values. None may crash; an
/// accepted domain name never escapes the folder; JSON that parses survives a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let words = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    guard let first = words.first else { return 0 }

    if let name = try? DomainName(first) {
        let text = name.rawValue
        precondition(
            !text.contains("/") && !text.contains("..") && !text.hasPrefix(".") && !text.isEmpty,
            "accepted a name that escapes the folder: \(text)")
        precondition(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "accepted a control character")
    }
    if let path = try? PropertyListKeyPath(parsing: first) {
        precondition(!path.components.isEmpty && !path.components.contains(where: \.isEmpty))
        let reparsed = try? PropertyListKeyPath(parsing: path.description)
        precondition(reparsed == path, "a key path does not survive its own description")
    }
    _ = try? CommandLineValue.parse(Array(words.dropFirst()))
    if let value = try? JSONReader().read(first), let json = try? JSONWriter(prettyPrinted: false).write(value) {
        precondition((try? JSONReader().read(json)) == value, "JSON round trip changed the value")
    }
    return 0
}
