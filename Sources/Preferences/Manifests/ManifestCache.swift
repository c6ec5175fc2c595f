import Glibc
import PropertyLists

/// Compiled manifests, as GSettings keeps `gschemas.compiled`: once a manifest file has been
/// read and found well formed, its keys are kept in a compact binary property list, so that
/// the next command that needs it loads it in a fraction of the time.
///
/// ```swift
/// let manifest = try Manifest(contentsOf: "com.example.editor.plist", cache: .fromEnvironment())
/// ```
///
/// Each folder of installed manifests has its index kept here too (``ManifestFolderIndex``).
/// Each manifest file has one compiled file in ``folder``, named after a hash of its path and
/// holding the path and the file's identity when it was compiled: device, inode, size and
/// modification time to the nanosecond. Any change to the manifest changes its identity, and a
/// compiled file of another identity is ignored and replaced. A manifest modified less than
/// two seconds ago is not compiled, since another change within the file system's clock tick
/// could leave its identity unchanged.
///
/// The cache is never trusted, and never in the way: a compiled file that is missing, not the
/// user's, writable by others, larger than ``PropertyListLimits/maxInputSize``, not a binary
/// property list, of another format version or identity, or holding anything the compact
/// form does not allow, is ignored and the manifest read from its file. A compiled file is
/// written atomically (``AtomicFile``, 0600 in folders made 0700); when that fails, for
/// example in a read-only folder, nothing is said and nothing fails.
public struct ManifestCache: Sendable {
    /// The folder of compiled manifests.
    public let folder: String

    /// A cache in `folder`, which is created (0700) when first written.
    public init(folder: String) {
        self.folder = folder
    }

    /// The cache the environment names: `$XDG_CACHE_HOME/prefs/manifests` (an absolute
    /// `XDG_CACHE_HOME`), else `~/.cache/prefs/manifests`; `nil`, for no cache, when
    /// `PREFS_NO_CACHE` is set to anything but the empty string, or there is no `HOME`.
    public static func fromEnvironment() -> ManifestCache? {
        func variable(_ name: String) -> String? {
            guard let value = getenv(name), value.pointee != 0 else { return nil }
            return String(validatingCString: value)
        }
        if variable("PREFS_NO_CACHE") != nil { return nil }
        if let base = variable("XDG_CACHE_HOME"), base.hasPrefix("/") { return ManifestCache(folder: base + "/prefs/manifests") }
        guard let home = variable("HOME"), home.hasPrefix("/") else { return nil }
        return ManifestCache(folder: home + "/.cache/prefs/manifests")
    }

    /// The version of the compact form and of the file around it; another is ignored. Any
    /// change to either takes a new one, or a file of the old form could read as another
    /// manifest.
    private static let format = "prefs compiled manifest 2"

    /// The manifest in the file at `path`: its compiled form when that is current, else read
    /// from the file, and compiled for next time when it reads well.
    ///
    /// - Throws: ``PreferenceError`` as ``Manifest/init(contentsOf:)`` throws it.
    /// - Complexity: O(*n*) in the size of the compiled form, or of the file.
    func manifest(contentsOf path: String) throws(PreferenceError) -> Manifest {
        guard let identity = Self.identity(of: path, type: S_IFREG) else { return try Manifest(contentsOf: path) }
        let name = Self.fileName(for: path)
        if let compact = load(name, path: path, identity: identity), let compiled = Manifest(compactForm: compact, path: path) {
            return compiled
        }
        let manifest = try Manifest(contentsOf: path)
        store(manifest.compactForm, as: name, path: path, identity: identity)
        return manifest
    }

    /// The identity of the file at `path` when it is of `type` (`S_IFREG`, `S_IFDIR`), `nil`
    /// otherwise: device, inode, size, and modification time in seconds and nanoseconds.
    static func identity(of path: String, type: mode_t) -> [PropertyList]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == type else { return nil }
        return [.integer(PropertyListInteger(UInt64(status.st_dev))), .integer(PropertyListInteger(UInt64(status.st_ino))),
                .integer(PropertyListInteger(Int64(status.st_size))), .integer(PropertyListInteger(Int64(status.st_mtim.tv_sec))),
                .integer(PropertyListInteger(Int64(status.st_mtim.tv_nsec)))]
    }

    /// The compiled file of what is kept for `key` (a manifest's path): the 64-bit FNV-1a hash
    /// of the key, in hex.
    static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits + ".plist"
    }

    /// What the compiled file `name` keeps for the file at `path`, when the compiled file is
    /// there, trusted, of this format, and of the file's `identity`.
    func load(_ name: String, path: String, identity: [PropertyList]) -> PropertyList? {
        guard let bytes = readCompiled(name), let root = Self.root(bytes),
              root["format"] == .string(Self.format), root["path"] == .string(path), root["identity"] == .array(identity)
        else { return nil }
        return root["value"]
    }

    /// The root dictionary of the binary property list `bytes`, `nil` when it is none.
    private static func root(_ bytes: [UInt8]) -> PropertyListDictionary? {
        do {
            return try BinaryPropertyListReader().read(bytes).dictionaryValue
        } catch {
            return nil  // a damaged compiled file is only a slower start
        }
    }

    /// The bytes of the compiled file `name`, when it is a regular file of the user's that no
    /// one else may write, no larger than the readers' limit.
    private func readCompiled(_ name: String) -> [UInt8]? {
        do {
            let directory = try Directory(path: folder)
            try directory.checkTrusted()
            guard let descriptor = try directory.openFile(name, O_RDONLY | O_NOFOLLOW) else { return nil }
            defer { close(descriptor) }
            let status = try Directory.status(of: descriptor, path: folder + "/" + name)
            try Directory.checkRegular(status, path: name)
            try Directory.checkTrusted(status, path: name, kind: "file")
            guard status.st_uid == geteuid(), status.st_size <= PropertyListLimits.maxInputSize else { return nil }
            return Self.readAll(descriptor, expecting: Int(status.st_size))
        } catch {
            return nil  // no cache, or one not to trust: read the manifest itself
        }
    }

    /// Exactly `count` bytes from `descriptor`, `nil` when it holds fewer or more.
    private static func readAll(_ descriptor: Int32, expecting count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count + 1)
        var filled = 0
        while filled <= count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, count + 1 - filled) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        guard filled == count else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// Keeps `value` for the file at `path` (of `type`) of this `identity` in the compiled file `name`,
    /// creating the folder (0700) as needed; silently does nothing when that fails, since what
    /// is kept can always be made again, or when `path` has changed since its identity was
    /// taken or so recently that a change within the same clock tick would leave its identity
    /// unchanged.
    func store(_ value: PropertyList, as name: String, path: String, type: mode_t = S_IFREG, identity: [PropertyList]) {
        guard Self.identity(of: path, type: type) == identity,
              let modified = identity[3].intValue, time(nil) - modified >= 2
        else { return }
        var root = PropertyListDictionary()
        root["format"] = .string(Self.format)
        root["path"] = .string(path)
        root["identity"] = .array(identity)
        root["value"] = value
        do {
            let bytes = try BinaryPropertyListWriter().write(.dictionary(root))
            var partial = ""
            for component in folder.split(separator: "/") {
                partial += "/" + component
                mkdir(partial, 0o700)  // each missing folder; what exists already stays as it is
            }
            let directory = try Directory(path: folder)
            try directory.checkTrusted()
            try AtomicFile.write(named: name, in: directory, keepingMode: false) { (append) throws(PreferenceError) in
                try bytes.withUnsafeBytes { bytes in Result { () throws(PreferenceError) in try append(bytes) } }.get()
            }
        } catch {
            return  // not kept: the next command makes it again
        }
    }
}
