/// A title or description of a ``ManifestKey``, kept as the manifest gave it: a string, or
/// (from the compiled cache) UTF-8 in the buffer that holds the manifest's texts, decoded
/// when read.
///
/// Checking a domain never reads these texts; decoding a thousand of them when a compiled
/// manifest loads would cost as much as checking a hundred strings against a format.
enum ManifestText: Sendable {
    /// A string.
    case string(String)
    /// Bytes known to be UTF-8.
    case utf8(ArraySlice<UInt8>)

    /// The text.
    var string: String {
        switch self {
        case .string(let string): string
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
}
