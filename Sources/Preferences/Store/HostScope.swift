/// Which host's values of a domain: macOS keeps, beside a domain's values for any host, values
/// for one host only in a ByHost file (`defaults -currentHost`, `-host NAME`).
public enum HostScope: Hashable, Sendable {
    /// The values for any host: the domain's own file.
    case any
    /// The values for this machine only (``PreferencesEnvironment/currentHost``).
    case current
    /// The values for the host with this id only.
    case named(String)

    /// The id of the host this names, `currentHost` (asked only then) for ``current``; `nil`
    /// for ``any``.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` for ``current`` when this
    ///   machine has no id, and for a name that cannot be part of a file name.
    package func id(currentHost: @autoclosure () -> String?) throws(PreferenceError) -> String? {
        switch self {
        case .any:
            return nil
        case .current:
            guard let currentHost = currentHost() else {
                throw PreferenceError(.invalidArgument, "this machine has no id (/etc/machine-id), so it has no ByHost domains")
            }
            return currentHost
        case .named(let name):
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                throw PreferenceError(
                    .invalidArgument,
                    "invalid host name \(name.quotedForMessage(limit: 80)): it may not be empty, start with '.' or hold '/' or control characters")
            }
            return name
        }
    }
}
