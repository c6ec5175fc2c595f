import Glibc
import PropertyLists

/// Splice writes: one entry of a canonical domain file written anew, the rest of the file kept
/// byte for byte, for the time and memory of a large domain.
extension DomainFile {
    /// The file, read whole under the lock after the checks every read makes, and its entry
    /// under `key`, when it is canonical XML; `nil` when it is not, or when there is no file.
    ///
    /// The file is checked in full by the reader, which keeps only the entry, while a second
    /// thread finds whether it is canonical (``CanonicalXMLDocument/checking(_:entryKey:whileReading:)``).
    func canonicalRead(
        in folder: Directory, entryKey key: String
    ) throws(PreferenceError) -> (document: CanonicalXMLDocument, entry: PropertyListDictionary)? {
        guard let descriptor = try openChecked(in: folder, followingLinks: false) else { return nil }
        defer { close(descriptor) }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(descriptor: descriptor, displayName: path)
            try MemoryRoom.check(forSplicing: bytes.count, fileName: path)
        } catch {
            throw unreadable(error)
        }
        let checked = CanonicalXMLDocument.checking(bytes, entryKey: key) {
            Result { () throws(PropertyListError) in try PropertyListReader().read(bytes, fileName: path, rootKey: key) }
        }
        // A file that is not canonical takes the whole read, which reports what does not read.
        guard let (document, root) = checked else { return nil }
        let value: PropertyList
        do {
            value = try root.get()
        } catch {
            throw unreadable(error)
        }
        guard case .dictionary(let entry) = value else { preconditionFailure("a canonical document's root is a dictionary") }
        return (document, entry)
    }

    /// Applies `body` to `entry`, the one entry of a canonical file that it may change, and
    /// writes the file again with only that entry written anew.
    func change<Result>(
        _ entry: PropertyListDictionary, of document: CanonicalXMLDocument, in folder: Directory,
        _ body: (inout PropertyListDictionary?) throws(PreferenceError) -> Result
    ) throws(PreferenceError) -> Result {
        var dictionary: PropertyListDictionary? = entry
        let result = try body(&dictionary)
        guard dictionary?.stamp != entry.stamp else { return result }
        guard let dictionary else {
            try AtomicFile.remove(named: fileName, in: folder, notices: notices)
            return result
        }
        precondition(
            dictionary.count <= 1 && (dictionary.isEmpty || dictionary[document.key] != nil),
            "update(key:) changed an entry other than the one under its key")
        AtomicFile.sweepTemporaryFiles(of: fileName, in: folder)
        try AtomicFile.write(named: fileName, in: folder, keepingMode: keepsMode, newFileMode: newFileMode, notices: notices) {
            (append) throws(PreferenceError) in
            do throws(PropertyListError) {
                try document.write(entryValue: dictionary[document.key]) { append($0) }
            } catch {
                throw PreferenceError(.invalidArgument, "cannot write \(domain): \(error.message)")
            }
        }
        return result
    }
}
