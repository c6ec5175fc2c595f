import Glibc

/// A check, made before a document's values are built, that the process may still map the
/// memory building them takes, so that a memory limit (`ulimit -v`) stops a read with an error
/// of code `.systemLimit` instead of the Swift runtime ending the process when an allocation
/// fails.
///
/// The check maps ``factor`` times the document's size without access and unmaps it at once:
/// such a mapping counts against the limit on the process's address space, not against the
/// system's memory, so without a limit it always succeeds.
enum MemoryRoom {
    /// The most memory, in times a document's size, that reading it whole and writing it out
    /// again was measured to take: 8 (a 14.7 MB domain peaked at 116 MB).
    static let factor = 8

    /// The size below which a document is not checked: building it takes at most half a
    /// megabyte, and a limit that leaves less than that fails any read, checked or not. Most
    /// domain files are a few kilobytes, and each check is two system calls.
    static let smallestChecked = 1 << 16

    /// Throws when the process cannot map ``factor`` times `size` bytes more; a document
    /// smaller than ``smallestChecked`` passes unchecked.
    ///
    /// - Throws: ``PropertyListError`` with code `.systemLimit` naming `fileName`.
    static func check(forDocumentOf size: Int, fileName: String?) throws(PropertyListError) {
        guard size >= smallestChecked else { return }
        let needed = size * factor
        let region = mmap(nil, needed, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        if let region, region != UnsafeMutableRawPointer(bitPattern: -1) {
            munmap(region, needed)
            return
        }
        throw PropertyListError(
            .systemLimit, file: fileName,
            "not enough memory to read it: its \(size) bytes take up to \((needed + (1 << 20) - 1) >> 20) MiB to build, more than prefs may still map (a system limit: raise ulimit -v)"
        )
    }
}
