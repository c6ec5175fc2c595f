import Glibc
import PropertyLists

/// Changing a domain file: a locked read-modify-write whose result replaces the file through
/// ``AtomicFile``; a file that does not read is never overwritten.
extension DomainFile {
    /// How long a write waits for another writer when its caller names no time, in seconds.
    package static let defaultLockTimeout: Double = 10

    /// Changes the domain under its lock.
    ///
    /// `body` receives the dictionary on disk now (`nil` when there is no file) and changes it
    /// in place; setting it to `nil` removes the file. When `body` leaves the dictionary as it
    /// was (storing only values already there, removing only absent keys), nothing is written;
    /// another dictionary put in its place is written even when its entries are the same.
    ///
    /// When there is no file, `body` first runs on `nil` without a lock: a change that fails,
    /// or leaves nothing to write, creates nothing at all, not even a folder. The new file is
    /// then linked in under the domain's name only if no file has that name yet; should another
    /// process have created the domain meanwhile, `body` runs again on what it wrote, under the
    /// file's lock, so no update is lost.
    ///
    /// - Parameters:
    ///   - lockTimeout: Seconds to wait for another writer (``PreferencesEnvironment/lockTimeout()``
    ///     gives the user's choice).
    ///   - body: The change, applied under the lock to the domain as it is then.
    /// - Returns: What `body` returns.
    /// - Throws: `.unreadable` when the file on disk does not read (it is left untouched),
    ///   `.untrusted`, `.lockTimeout`, `.writeFailed` (the old file is intact), or what `body`
    ///   throws.
    package func update<Result>(
        lockTimeout: Double = DomainFile.defaultLockTimeout,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        try update(entry: nil, lockTimeout: lockTimeout, body)
    }

    /// Changes one entry of the domain under its lock, as ``update(lockTimeout:_:)`` changes the
    /// whole domain, with the same guarantees, but in less time and memory for a large file.
    ///
    /// `body` must change nothing but the entry under `key`: it receives a dictionary that may
    /// hold only that entry. When the file is canonical XML (prefs wrote it, or it is byte for
    /// byte what prefs would write), it is checked in full as any read checks it, and the new
    /// file is the old one with that entry written anew: the same bytes a whole rewrite
    /// writes. Any other file is read and written whole, as ``update(lockTimeout:_:)`` does.
    ///
    /// - Throws: What ``update(lockTimeout:_:)`` throws.
    package func update<Result>(
        key: String, lockTimeout: Double = DomainFile.defaultLockTimeout,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        try update(entry: key, lockTimeout: lockTimeout, body)
    }

    /// ``update(lockTimeout:_:)``, or with `key` ``update(key:lockTimeout:_:)``.
    fileprivate func update<Result>(
        entry key: String?, lockTimeout timeout: Double,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        let folder = try openFolder(failure: .writeFailed)
        // What is not a regular file is refused before the lock, and a file that does not
        // exist is created without one: a refused write leaves nothing behind.
        if let folder, let lock = try lock(in: folder, timeout: timeout) {
            defer { withExtendedLifetime(lock) {} }
            return try change(in: folder, entry: key, body)
        }
        return try create(in: folder, entry: key, timeout: timeout, body)
    }

    /// Applies `body` to a domain that has no file: first to `nil`, then, when it leaves a
    /// dictionary, writes that as a new file, which never replaces one: should another process
    /// have created the file meanwhile, `body` runs again on what is there now, under its lock.
    ///
    /// A store's domain is created under the lock of the store's folder, which decides its
    /// file: when a file whose name differs from the domain's only in case appeared meanwhile,
    /// that file is the domain's, as ``PreferencesFolder/file(for:host:)`` finds it, and is
    /// changed instead, so two first writes that spell a domain differently make one file.
    fileprivate func create<Result>(
        in existingFolder: Directory?, entry key: String?, timeout: Double, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        var proposed: PropertyListDictionary? = nil
        let result = try body(&proposed)
        guard let dictionary = proposed else { return result }
        let folder: Directory
        if let existingFolder { folder = existingFolder } else { folder = try createFolder() }
        let variant: DomainFile?
        do {
            let folderLock = try caseFolding.map { _ throws(PreferenceError) in try lockFolder(folder, timeout: timeout) }
            defer { withExtendedLifetime(folderLock) {} }
            variant = caseFolding == nil ? nil : variantFile()
            if variant == nil, try replace(with: dictionary, in: folder, as: layout(readIn: nil), creating: true) { return result }
        }
        return try (variant ?? self).update(entry: key, lockTimeout: timeout, body)
    }

    /// Reads the file under the lock, applies `body` and writes what changed: with `key`, only
    /// that entry when the file is canonical.
    fileprivate func change<Result>(
        in folder: Directory, entry key: String?, _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        if let key, layout(readIn: (.xml, false)).format == .xml, let (document, entry) = try canonicalRead(in: folder, entryKey: key) {
            return try change(entry, of: document, in: folder, body)
        }
        let read = try read(in: folder, rootKey: nil, followingLinks: false)
        var dictionary = read?.dictionary
        let wasPlainOpenStep = read?.format == .openStep && !(dictionary.map { OpenStepWriter.usesTypedForms(.dictionary($0)) } ?? false)
        // The stamp, not a copy, tells whether body changed anything: a copy would be copied
        // again as body changes it, doubling the memory a change to a large domain needs.
        let stamp = dictionary?.stamp
        let result = try body(&dictionary)
        guard dictionary?.stamp != stamp else { return result }
        if let dictionary {
            let written = layout(readIn: read.map { ($0.format, $0.isStringsFile) })
            try replace(with: dictionary, in: folder, as: written)
            if isInStore, let format = read?.format, format != .xml {
                notices?(PreferenceNotice(.note, "\(path) was a \(format.rawValue) property list; prefs has written it as canonical XML"))
            }
            if wasPlainOpenStep, written.format == .openStep, OpenStepWriter.usesTypedForms(.dictionary(dictionary)) {
                notices?(
                    PreferenceNotice(
                        .note,
                        "\(path) was plain OpenStep text; prefs has written its numbers, Booleans and dates in GNUstep's typed forms (<*I5>), which keep their types but which macOS does not read"
                    ))
            }
        } else {
            try AtomicFile.remove(named: fileName, in: folder, notices: notices)
        }
        return result
    }

    /// Creates the store's folder (and missing parents, 0700, or 0755 when ``isShared``), or
    /// names the missing folder of a lone file.
    fileprivate func createFolder() throws(PreferenceError) -> Directory {
        guard isInStore else {
            throw PreferenceError(.writeFailed, "cannot write \(path): the folder \(folderPath) does not exist")
        }
        try PreferencesFolder(path: folderPath).create(mode: isShared ? 0o755 : 0o700)
        guard let folder = try openFolder(failure: .writeFailed) else {
            throw PreferenceError(.writeFailed, "cannot write \(path): the folder \(folderPath) vanished")
        }
        return folder
    }

    /// The format to write, and whether old-style text is a `.strings` file: XML for a store's
    /// domain; for a lone file ``outputFormat``, else the layout it was read in, else XML.
    fileprivate func layout(
        readIn read: (format: PropertyListFormat, isStringsFile: Bool)?
    ) -> (format: PropertyListFormat, isStringsFile: Bool) {
        if isInStore { return (.xml, false) }
        if let outputFormat { return (outputFormat, false) }
        return read ?? (.xml, false)
    }

    /// Replaces the file with `dictionary`, after removing what killed writers left. XML is
    /// streamed to disk a piece at a time, so a large domain is never held a second time as
    /// bytes; the other formats are written whole.
    ///
    /// - Parameter creating: Whether the file must be new: it then never replaces a file
    ///   another process created meanwhile.
    /// - Returns: Whether the file was written: `false` only when `creating` and a file was
    ///   there.
    @discardableResult
    fileprivate func replace(
        with dictionary: PropertyListDictionary, in folder: Directory, as layout: (format: PropertyListFormat, isStringsFile: Bool),
        creating: Bool = false
    ) throws(PreferenceError) -> Bool {
        AtomicFile.sweepTemporaryFiles(of: fileName, in: folder)
        let format = layout.format
        guard format == .xml else {
            let bytes: [UInt8]
            do {
                // A file keeps every value's type: JSON refuses a date or data, which it would
                // hold as a string (old-style text holds them all, in GNUstep's typed forms).
                bytes =
                    if layout.isStringsFile {
                        Array(try OpenStepWriter().write(stringsFile: dictionary).utf8)
                    } else if format == .json {
                        Array(try JSONWriter(refusesDatesAndData: true).write(.dictionary(dictionary)).utf8)
                    } else {
                        try format.encode(.dictionary(dictionary))
                    }
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain) as \(format.rawValue): \(error.message)")
            }
            return try AtomicFile.write(
                bytes, named: fileName, in: folder, keepingMode: keepsMode, newFileMode: newFileMode, creating: creating, notices: notices)
        }
        return try AtomicFile.write(
            named: fileName, in: folder, keepingMode: keepsMode, newFileMode: newFileMode, creating: creating, notices: notices
        ) {
            (append) throws(PreferenceError) in
            do throws(PropertyListError) {
                try PropertyListWriter().write(.dictionary(dictionary), to: append)
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain): \(error.message)")
            }
        }
    }

    /// Whether a write keeps the mode of the file it replaces: a lone file and a shared one do;
    /// a store's domain is private to its user, 0600.
    var keepsMode: Bool { !isInStore || isShared }

    /// The mode of a file a write creates: 0644 when ``isShared``, else 0600.
    var newFileMode: mode_t { isShared ? 0o644 : 0o600 }
}
