import Glibc

/// The environment variables prefs heeds, read in this one place.
///
/// `PreferencesEnvironment()` takes the process's variables at that moment; a program that must
/// not depend on its environment, or a test, builds one from a dictionary instead. Every
/// default location of the library comes from a value of this type, so a store made with one
/// reads nothing else of the environment.
///
/// ```swift
/// let environment = PreferencesEnvironment(["PREFS_HOME": "/tmp/prefs-test"])
/// let store = try PreferenceStore(domain: "com.example.editor", environment: environment)
/// ```
///
/// | variable | what it sets |
/// |---|---|
/// | `PREFS_HOME`, `XDG_CONFIG_HOME`, `HOME` | the user's folder of domains (``preferencesFolder()``) |
/// | `XDG_CONFIG_DIRS` | the administrator's folders (``systemFolders``) |
/// | `PREFS_LOCK_TIMEOUT` | how long a write waits for another writer (``lockTimeout()``) |
/// | `PREFS_MANIFESTS`, `XDG_DATA_HOME`, `XDG_DATA_DIRS` | where manifests are installed (``manifestSearchPath``) |
/// | `PREFS_NO_CACHE`, `XDG_CACHE_HOME` | where compiled manifests are kept (``manifestCache``) |
/// | `PREFS_DOMAIN` | the domain of ``PreferenceStore/standard`` |
/// | `/etc/machine-id` (a file) | this machine's id, for ByHost domains (``currentHost``) |
public struct PreferencesEnvironment: Sendable {
    /// The names this type reads.
    public static let names = [
        "PREFS_HOME", "XDG_CONFIG_HOME", "HOME", "XDG_CONFIG_DIRS", "PREFS_LOCK_TIMEOUT", "PREFS_MANIFESTS",
        "XDG_DATA_HOME", "XDG_DATA_DIRS", "PREFS_NO_CACHE", "XDG_CACHE_HOME", "PREFS_DOMAIN"
    ]

    /// The variables of ``names`` that are set, as the process's environment holds them:
    /// `NAME=VALUE` each, ended by a NUL byte. A value that is not UTF-8 is refused where it is
    /// used, naming it. (One byte array, neither a dictionary nor an array of optionals: the
    /// first use of a generic type the binary has not made yet, such as `[[UInt8]?]`, costs the
    /// Swift runtime a lookup by mangled name, and the first `String`-keyed hash table a scan
    /// of every conformance in the binary, which a command that reads one key would pay for
    /// nothing.)
    private let entries: [UInt8]

    /// The machine's id given by hand, or `nil` to read `/etc/machine-id` when first needed.
    private let givenHost: String??

    /// This machine's id, which names its ByHost files (``HostScope/current``): the first line
    /// of `/etc/machine-id`, Linux's stable identity of a machine, as macOS uses the hardware
    /// UUID; `nil` when there is none, or when it is no valid host name
    /// (`HostScope.problem(withHostName:)`), as `-host NAME` is checked: a machine whose id
    /// could name a file elsewhere (`x/../../com.victim`) has no ByHost values, and
    /// `-currentHost` says why.
    public var currentHost: String? {
        uncheckedCurrentHost.flatMap { HostScope.problem(withHostName: $0) == nil ? $0 : nil }
    }

    /// This machine's id as given or read, before it is checked.
    package var uncheckedCurrentHost: String? { givenHost ?? Self.machineID }

    /// `/etc/machine-id`'s first line, read once, when first needed.
    private static let machineID: String? = {
        let id = smallFileText("/etc/machine-id")?.prefix { $0 != "\n" }
        return id.flatMap { $0.isEmpty ? nil : String($0) }
    }()

    /// The process's environment now, and this machine's id.
    public init() {
        var entries: [UInt8] = []
        for name in Self.names {
            guard let value = getenv(name) else { continue }
            Self.append(name, UnsafeRawBufferPointer(start: value, count: strlen(value)), to: &entries)
        }
        self.entries = entries
        givenHost = nil
    }

    /// An environment of these variables only (names outside ``names`` are ignored) and this
    /// machine's id. A value ends at its first NUL character, as in a process's environment.
    public init(_ variables: [String: String], currentHost: String? = nil) {
        var entries: [UInt8] = []
        for name in Self.names {
            guard let value = variables[name] else { continue }
            Self.append(name, value.utf8.prefix { $0 != 0 }, to: &entries)
        }
        self.entries = entries
        givenHost = .some(currentHost)
    }

    /// Appends the entry `NAME=VALUE` and its NUL byte to `entries`.
    private static func append(_ name: String, _ value: some Collection<UInt8>, to entries: inout [UInt8]) {
        entries += name.utf8
        entries.append(UInt8(ascii: "="))
        entries += value
        entries.append(0)
    }

    /// The bytes of `name`, one of ``names``; `nil` when unset.
    private func bytes(_ name: String) -> [UInt8]? {
        let prefix = Array(name.utf8) + [UInt8(ascii: "=")]
        var start = entries.startIndex
        while let end = entries[start...].firstIndex(of: 0) {
            if entries[start..<end].starts(with: prefix) { return Array(entries[(start + prefix.count)..<end]) }
            start = end + 1
        }
        return nil
    }

    /// The value of `name`, `nil` when unset or empty.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when it is not valid UTF-8.
    private func value(_ name: String) throws(PreferenceError) -> String? {
        guard let bytes = bytes(name), !bytes.isEmpty else { return nil }
        guard let text = Self.text(bytes) else {
            throw PreferenceError(
                .invalidArgument,
                "\(name) is not valid UTF-8 (\(TextEscaper.field.escaped(bytes: bytes))); prefs names folders in UTF-8 only, so set \(name) to a UTF-8 path")
        }
        return text
    }

    /// The value of `name` when it is set, not empty and UTF-8; for variables whose bad value
    /// is ignored, as the XDG Base Directory specification ignores a relative path.
    private func lenientValue(_ name: String) -> String? {
        guard let bytes = bytes(name), !bytes.isEmpty else { return nil }
        return Self.text(bytes)
    }

    /// `bytes` as text when they are UTF-8, else `nil`. (Decoded, repairing, and compared
    /// rather than checked by `String(validating:as:)`, whose generic code has the runtime
    /// build type metadata on its first call, which every command would pay for.)
    private static func text(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The user's folder of domains: `PREFS_HOME`, else `$XDG_CONFIG_HOME/prefs`, else
    /// `$HOME/.config/prefs`. A relative `XDG_CONFIG_HOME` is ignored, as the XDG Base Directory
    /// specification requires.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when none of these is set, or
    ///   when the one used is not valid UTF-8 (prefs would otherwise write into a folder with
    ///   another name).
    public func preferencesFolder() throws(PreferenceError) -> PreferencesFolder {
        if let home = try value("PREFS_HOME") { return PreferencesFolder(path: home) }
        if let config = try value("XDG_CONFIG_HOME"), config.hasPrefix("/") { return PreferencesFolder(path: config + "/prefs") }
        if let home = try value("HOME") { return PreferencesFolder(path: home + "/.config/prefs") }
        throw PreferenceError(.invalidArgument, "cannot find the preferences folder: set PREFS_HOME, XDG_CONFIG_HOME or HOME")
    }

    /// The read-only folders an administrator puts defaults in, highest precedence first:
    /// `prefs` in each absolute folder of `XDG_CONFIG_DIRS`, else `/etc/xdg/prefs`, as the XDG
    /// Base Directory specification says. Like macOS's `/Library/Preferences`, they sit below the
    /// user's domain in the search list.
    public var systemFolders: [PreferencesFolder] {
        // Split by hand, as bytes: `split` makes an array of slices, a generic type whose
        // first use costs every command that reads a key at start-up.
        let bytes = lenientValue("XDG_CONFIG_DIRS").map { Array($0.utf8) } ?? []
        var folders: [PreferencesFolder] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            if bytes[start] == UInt8(ascii: "/") {
                folders.append(PreferencesFolder(path: String(decoding: bytes[start..<end], as: UTF8.self) + "/prefs"))
            }
            start = end + 1
        }
        return folders.isEmpty ? [PreferencesFolder(path: "/etc/xdg/prefs")] : folders
    }

    /// How long a write waits for another writer's lock, in seconds: `PREFS_LOCK_TIMEOUT`, 10
    /// when unset.
    ///
    /// - Throws: ``PreferenceError`` with code `.invalidArgument` when it is set but is not a
    ///   number of seconds from 0 to 86,400.
    public func lockTimeout() throws(PreferenceError) -> Double {
        guard let bytes = bytes("PREFS_LOCK_TIMEOUT") else { return DomainFile.defaultLockTimeout }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw PreferenceError(
                .invalidArgument,
                "PREFS_LOCK_TIMEOUT is \(text.quotedForMessage(limit: 60)); it must be a number of seconds from 0 to 86400 (for example 2.5)")
        }
        return seconds
    }

    /// Where manifests are installed: the folders of `PREFS_MANIFESTS` (separated by `:`) if
    /// set, else `$XDG_DATA_HOME/prefs/manifests` (`~/.local/share` by default) and
    /// `prefs/manifests` in each of `$XDG_DATA_DIRS` (`/usr/local/share:/usr/share` by default),
    /// with ``manifestCache``. A relative folder in `PREFS_MANIFESTS` is taken from the current
    /// folder (`PREFS_MANIFESTS=Schemas` in a checkout); relative paths in the XDG variables are
    /// ignored, as the XDG Base Directory specification requires. Empty ones are ignored.
    public var manifestSearchPath: ManifestSearchPath {
        if let list = lenientValue("PREFS_MANIFESTS") {
            let current = Self.currentFolder()
            let folders = list.split(separator: ":").compactMap { folder in
                folder.hasPrefix("/") ? String(folder) : current.map { $0 + "/" + folder }
            }
            return ManifestSearchPath(folders: folders, cache: manifestCache)
        }
        var bases: [String] = []
        if let data = lenientValue("XDG_DATA_HOME"), data.hasPrefix("/") {
            bases.append(data)
        } else if let home = lenientValue("HOME") {
            bases.append(home + "/.local/share")
        }
        let system = lenientValue("XDG_DATA_DIRS") ?? "/usr/local/share/:/usr/share/"
        bases += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return ManifestSearchPath(
            folders: bases.map { ($0.hasSuffix("/") ? String($0.dropLast()) : $0) + "/prefs/manifests" },
            cache: manifestCache)
    }

    /// Where compiled manifests are kept: `$XDG_CACHE_HOME/prefs/manifests` (an absolute
    /// `XDG_CACHE_HOME`), else `~/.cache/prefs/manifests`; `nil`, for no cache, when
    /// `PREFS_NO_CACHE` is set to anything but the empty string, or there is no `HOME`.
    public var manifestCache: ManifestCache? {
        if lenientValue("PREFS_NO_CACHE") != nil { return nil }
        if let base = lenientValue("XDG_CACHE_HOME"), base.hasPrefix("/") { return ManifestCache(folder: base + "/prefs/manifests") }
        guard let home = lenientValue("HOME"), home.hasPrefix("/") else { return nil }
        return ManifestCache(folder: home + "/.cache/prefs/manifests")
    }

    /// The user's home folder, `HOME`, for `~` in paths; `nil` when unset.
    public var home: String? { lenientValue("HOME") }

    /// The domain `PREFS_DOMAIN` names for ``PreferenceStore/standard``, `nil` when unset.
    public var standardDomain: String? { bytes("PREFS_DOMAIN").flatMap { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) } }

    /// The current folder, `nil` when it cannot be named (removed, or too long a path).
    private static func currentFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
