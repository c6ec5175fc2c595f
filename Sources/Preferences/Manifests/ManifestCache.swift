import Glibc
import PropertyLists

/// Compiled manifests, as GSettings keeps `gschemas.compiled`: once a manifest file has been
/// read and found well formed, its keys are kept in a compact binary property list, so that
/// the next command that needs it loads it in a fraction of the time.
///
/// ```swift
/// let manifest = try Manifest(contentsOf: "com.example.editor.plist", cache: PreferencesEnvironment().manifestCache)
/// ```
///
/// Each manifest file has one compiled file in ``folder``, named after a hash of its path and
/// holding the path and the file's identity when it was compiled: device, inode, size and
/// modification time to the nanosecond. Any change to the manifest changes its identity, and a
/// compiled file of another identity is ignored and replaced. A manifest modified less than
/// two seconds before it was compiled could change again within the file system's clock tick
/// and keep its identity, so such a compiled file is used only while a hash of the manifest's
/// contents is still the one kept with it. Each folder of installed manifests has its index
/// kept here too.
///
/// The cache is never trusted, and never in the way: a compiled file that is missing, not the
/// user's, writable by others, in a folder that is neither the user's nor root's (root's own,
/// for root) or that others may write, larger than `PropertyListLimits.maxInputSize`, not a
/// binary property list, of another format version or identity, or holding anything the compact
/// form does not allow, is ignored and the manifest read from its file. A compiled file is
/// written atomically (by rename, 0600 in folders made 0700); when that fails, for
/// example in a read-only folder, nothing is said and nothing fails.
public struct ManifestCache: Sendable {
    /// The folder of compiled manifests.
    public let folder: String

    /// A cache in `folder`, which is created (0700) when first written.
    public init(folder: String) {
        self.folder = folder
    }

    /// The version of the compact form and of the file around it; another is ignored. Any
    /// change to either takes a new one, or a file of the old form could read as another
    /// manifest; so does a change to how a manifest is read (what it enforces).
    private static let format = "prefs compiled manifest 8"

    /// The manifest in the open `file`: its compiled form when that is current, else read from
    /// the file, and compiled for next time when it reads well.
    ///
    /// - Throws: ``PreferenceError`` as ``Manifest/init(contentsOf:)`` throws it.
    /// - Complexity: O(*n*) in the size of the compiled form, or of the file.
    func manifest(in file: ManifestFile) throws(PreferenceError) -> Manifest {
        let identity = Self.identity(file.status)
        let name = Self.fileName(for: file.path)
        // The file is read (once, from the descriptor checked) only when the compiled form is
        // not certainly current: to compare its hash, or to parse the file.
        var contents: [UInt8]?
        if let kept = load(name, path: file.path, identity: identity) {
            var current = Self.isCurrent(kept, identity: identity)
            if !current, case .integer(let hash)? = kept["hash"] {
                let bytes = try file.bytes()
                contents = bytes
                current = hash == PropertyListInteger(Self.contentHash(of: bytes))
            }
            if current, let compact = kept["value"], let compiled = Manifest(compactForm: compact, path: file.path) { return compiled }
        }
        let bytes: [UInt8]
        if let contents { bytes = contents } else { bytes = try file.bytes() }
        let manifest = try Manifest(bytes, path: file.path)
        store(manifest.compactForm, as: name, path: file.path, identity: identity, contentHash: Self.contentHash(of: bytes))
        return manifest
    }

    /// Whether what is kept for a file of `identity` is certainly current: the file was last
    /// modified two seconds or more before it was kept. Otherwise, as a change within the file
    /// system's clock tick could have left the identity as it was, it is current only when the
    /// file's contents still have the hash kept.
    private static func isCurrent(_ kept: PropertyListDictionary, identity: [PropertyList]) -> Bool {
        guard let written = kept["written"]?.intValue, let seconds = identity[3].intValue, let nanoseconds = identity[4].intValue,
            seconds < Int.max / 2_000_000_000
        else { return false }
        return seconds * 1_000_000_000 + nanoseconds <= written - 2_000_000_000
    }

    /// A 64-bit hash of `bytes`, to tell a change from no change (not a cryptographic hash).
    static func contentHash(of bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
                hash ^= hash >> 29
                offset += 8
            }
            while offset < raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x100_0000_01b3
                offset += 1
            }
        }
        return hash
    }

    /// The identity of the file at `path` when it is of `type` (`S_IFREG`, `S_IFDIR`), `nil`
    /// otherwise: device, inode, size, and modification time in seconds and nanoseconds.
    static func identity(of path: String, type: mode_t) -> [PropertyList]? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == type else { return nil }
        return identity(status)
    }

    /// The identity of a file of this `status`, as ``identity(of:type:)`` gives it.
    static func identity(_ status: stat) -> [PropertyList] {
        [
            .integer(PropertyListInteger(UInt64(status.st_dev))), .integer(PropertyListInteger(UInt64(status.st_ino))),
            .integer(PropertyListInteger(Int64(status.st_size))), .integer(PropertyListInteger(Int64(status.st_mtim.tv_sec))),
            .integer(PropertyListInteger(Int64(status.st_mtim.tv_nsec)))
        ]
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
    /// there, trusted, of this format, and of the file's `identity`: its root dictionary, with
    /// the value kept under `value`.
    func load(_ name: String, path: String, identity: [PropertyList]) -> PropertyListDictionary? {
        guard let bytes = readCompiled(name), let root = Self.root(bytes),
            root["format"] == .string(Self.format), root["path"] == .string(path), root["identity"] == .array(identity)
        else { return nil }
        return root
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
            try directory.checkTrusted(anyOwnerForRoot: false)
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

    /// Whether the nearest folder of ``folder`` that exists (itself, once made) belongs to the
    /// user or to root: root whose `HOME` still names a user's folder (as `sudo` may leave it)
    /// makes no cache there (nor reads one, see ``readCompiled(_:)``), so it leaves no folder or
    /// file of its own among the user's files.
    private func isMadeInOwnFolder() -> Bool {
        var path = folder
        var status = stat()
        while stat(path, &status) != 0 {
            guard errno == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return false }
            path = String(path[..<slash])
        }
        return status.st_uid == geteuid() || status.st_uid == 0
    }

    /// Exactly `count` bytes from `descriptor`, `nil` when it holds fewer or more.
    private static func readAll(_ descriptor: Int32, expecting count: Int) -> [UInt8]? {
        // Read into uninitialized storage: zeroing it first costs as much as the read.
        var filled = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count + 1) { buffer, initialized in
            while filled <= count {
                let read = Glibc.read(descriptor, buffer.baseAddress! + filled, count + 1 - filled)
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                filled += read
            }
            initialized = min(filled, count)
        }
        return filled == count ? bytes : nil
    }

    /// Keeps `value` for the file at `path` (of `type`) of this `identity` in the compiled
    /// file `name`, with the time it is written and the file's `contentHash`, creating the
    /// folder (0700) as needed. Does nothing when `path` has changed since its identity was
    /// taken; nor, without a hash to tell a change within the file system's clock tick, when
    /// it changed less than two seconds ago. Fails silently, since what is kept can always be
    /// made again.
    func store(
        _ value: PropertyList, as name: String, path: String, type: mode_t = S_IFREG, identity: [PropertyList],
        contentHash: UInt64? = nil
    ) {
        guard Self.identity(of: path, type: type) == identity, let modified = identity[3].intValue,
            contentHash != nil || time(nil) - modified >= 2
        else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var root = PropertyListDictionary()
        root["format"] = .string(Self.format)
        root["path"] = .string(path)
        root["identity"] = .array(identity)
        root["value"] = value
        root["written"] = .integer(PropertyListInteger(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)))
        if let contentHash { root["hash"] = .integer(PropertyListInteger(contentHash)) }
        do {
            let bytes = try BinaryPropertyListWriter().write(.dictionary(root))
            guard isMadeInOwnFolder() else { return }
            try PreferencesFolder(path: folder).create()
            let directory = try Directory(path: folder)
            try directory.checkTrusted(anyOwnerForRoot: false)
            // A compiled file that may not survive a crash is made again after one: nothing to say.
            try AtomicFile.write(bytes, named: name, in: directory, keepingMode: false, notices: nil)
        } catch {
            return  // not kept: the next command makes it again
        }
    }
}
