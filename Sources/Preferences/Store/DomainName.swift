/// A checked domain name: safe to use as a file name inside the preferences folder.
///
/// A name is 1 to ``maxLength`` bytes of UTF-8 and may not contain `/`, `\`, NUL or other
/// control characters, may not contain `..`, and may not start with `.` or `-`. So a domain
/// always maps to exactly `<root>/<name>.plist` and nothing outside the root is ever touched.
/// Every name macOS gives the global domain (``globalAliases``) is the global domain.
public struct DomainName: Hashable, Sendable, CustomStringConvertible {
    /// The longest name in UTF-8 bytes: 200, which leaves room in a 255-byte file name for
    /// `.plist`, `.lock` and the temporary-file suffix.
    public static let maxLength = 200

    /// The name of the global domain, whose values every domain sees (`-g` on the command line).
    public static let global = DomainName(unchecked: "NSGlobalDomain")

    /// The names `defaults` and CFPreferences give the global domain, each of which names
    /// ``global`` here too: `NSGlobalDomain`, `.GlobalPreferences` (its file's name on a Mac),
    /// `kCFPreferencesAnyApplication` (CFPreferences' constant) and `Apple Global Domain` (how
    /// `defaults` names it in messages and `defaults read`). An array, not a `Set`: the first
    /// `String`-keyed hash table of a process costs the Swift runtime a scan of every
    /// conformance in the binary, which every command would pay.
    public static let globalAliases = ["NSGlobalDomain", ".GlobalPreferences", "kCFPreferencesAnyApplication", "Apple Global Domain"]

    /// The name as given, or `NSGlobalDomain` for any of ``globalAliases``.
    public let rawValue: String

    private init(unchecked name: String) {
        rawValue = name
    }

    /// Checks `name`; any of ``globalAliases`` is ``global``.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` quoting the name and saying
    ///   which rule it breaks.
    public init(_ name: String) throws(PreferenceError) {
        if Self.globalAliases.contains(name) {
            self = .global
            return
        }
        func refuse(_ reason: String) -> PreferenceError {
            PreferenceError(.invalidArgument, "invalid domain name \(Self.quoted(name)): \(reason)")
        }
        if name.isEmpty { throw refuse("it is empty") }
        if name.utf8.count > Self.maxLength {
            throw refuse("it is \(name.utf8.count) bytes long; the limit is \(Self.maxLength)")
        }
        if name.contains("/") || name.contains("\\") { throw refuse("it may not contain '/' or '\\'") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw refuse("it may not contain control characters")
        }
        if Self.holdsTwoDots(name) { throw refuse("it may not contain '..'") }
        if name.hasPrefix(".") || name.hasPrefix("-") { throw refuse("it may not start with '.' or '-'") }
        rawValue = name
    }

    /// Whether `name` is a valid domain name.
    public static func isValid(_ name: String) -> Bool {
        do {
            _ = try DomainName(name)
            return true
        } catch {
            return false
        }
    }

    /// The file name of the domain: `<name>.plist`.
    public var fileName: String { rawValue + ".plist" }

    /// The name.
    public var description: String { rawValue }

    /// Whether `name` holds `..`. (Byte by byte: `contains` with a string is generic code that
    /// costs several thousand instructions a call, and every name of a listed folder is checked.)
    private static func holdsTwoDots(_ name: String) -> Bool {
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if byte == UInt8(ascii: "."), previous == byte { return true }
            previous = byte
        }
        return false
    }

    static func quoted(_ name: String) -> String {
        name.quotedForMessage(limit: 80)
    }
}
