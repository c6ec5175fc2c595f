/// Which host's values of a domain: macOS keeps, beside a domain's values for any host, values
/// for one host only in a ByHost file (`defaults -currentHost`, `-host NAME`).
public enum HostScope: Hashable, Sendable {
    /// The values for any host: the domain's own file.
    case any
    /// The values for this machine only (``PreferencesEnvironment/currentHost``).
    case current
    /// The values for the host with this id only.
    case named(String)

    /// The id of the host this names, the environment's ``PreferencesEnvironment/currentHost``
    /// (asked only then) for ``current``; `nil` for ``any``.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` for ``current`` when this
    ///   machine has no id or its id is no valid host name (`problem(withHostName:)`), and for
    ///   a name that is none.
    package func id(in environment: @autoclosure () -> PreferencesEnvironment) throws(PreferenceError) -> String? {
        switch self {
        case .any:
            return nil
        case .current:
            let environment = environment()
            if let id = environment.uncheckedCurrentHost, let problem = Self.problem(withHostName: id) {
                throw PreferenceError(
                    .invalidArgument,
                    "this machine's id \(id.quotedForMessage(limit: 80)) (/etc/machine-id) is not a valid host name: \(problem); so prefs cannot name its ByHost files"
                )
            }
            guard let currentHost = environment.currentHost else {
                throw PreferenceError(.invalidArgument, "this machine has no id (/etc/machine-id), so it has no ByHost domains")
            }
            return currentHost
        case .named(let name):
            if let problem = Self.problem(withHostName: name) {
                throw PreferenceError(.invalidArgument, "invalid host name \(name.quotedForMessage(limit: 80)): \(problem)")
            }
            return name
        }
    }

    /// Why `name` cannot be a host's id, `nil` when it can: the id is part of a file name,
    /// `ByHost/DOMAIN.ID.plist`, so it may not be empty, start with `.`, hold `/` or control
    /// characters, start or end with white space (so a blank id is none), or be longer than
    /// ``maxHostNameLength`` bytes. `-host NAME` and this machine's own id are checked alike.
    package static func problem(withHostName name: String) -> String? {
        if name.utf8.count > maxHostNameLength {
            return "it is \(name.utf8.count) bytes long; the limit is \(maxHostNameLength)"
        }
        let isBlank = { (scalar: Unicode.Scalar?) in scalar?.properties.isWhitespace ?? false }
        guard
            name.isEmpty || name.contains("/") || name.hasPrefix(".") || isBlank(name.unicodeScalars.first) || isBlank(name.unicodeScalars.last)
                || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        return "it may not be empty, start with '.', start or end with white space, or hold '/' or control characters"
    }

    /// The longest host id in UTF-8 bytes: 64, as a host name (`HOST_NAME_MAX`); a machine id
    /// is 32 hexadecimal digits.
    package static let maxHostNameLength = 64
}
