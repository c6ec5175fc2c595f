import Glibc

/// A check, made before a document's values are built, that the process may still map the
/// memory building them takes, so that a memory limit (`ulimit -v`, `ulimit -d`) stops a read
/// with an error of code `.systemLimit` instead of the Swift runtime ending the process when an
/// allocation fails.
///
/// The check maps the memory needed, writable but untouched, and unmaps it at once. The kernel
/// counts such a mapping against the process's address-space and data limits on top of all it
/// maps already (the runtime's and libxml2's start-up reservations, thread stacks, the input),
/// but gives it no pages, so without a limit it always succeeds and costs two system calls.
package enum MemoryRoom {
    /// The most memory, in times a document's size, that reading it whole and writing it out
    /// again was measured to take: 8 (a 14.7 MB domain peaked at 116 MB).
    static let factor = 8

    /// The memory one value of JSON or old-style text takes once built, in bytes, with room to
    /// write it out again: 96.
    ///
    /// A value takes 40 bytes in its array (56 with its key in a dictionary), up to twice that
    /// while the array grows, plus its container's headers; its text can be as short as two
    /// bytes (`1,`), so dense text needs more than ``factor`` times its size (20 MB of
    /// `[1,1,…]` peaked at 548 MB, 55 bytes a value; of `[[1],[1],…]`, at 614 MB to read and
    /// 761 MB to convert).
    static let bytesPerTextValue = 96

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
        try check(needing: size * factor, toRead: size, fileName: fileName)
    }

    /// Throws when the process cannot map what building the values of the JSON or old-style
    /// `text` takes: ``factor`` times its size, or ``bytesPerTextValue`` for each byte that can
    /// start a value or key (`, ; = : ( [ {`) plus twice its size for the strings, when more.
    ///
    /// - Throws: ``PropertyListError`` with code `.systemLimit` naming `fileName`.
    /// - Complexity: O(*n*) in the length of `text`.
    static func check(forText text: [UInt8], fileName: String?) throws(PropertyListError) {
        guard text.count >= smallestChecked else { return }
        var separators = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ":"),
                UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                separators += 1
            default: continue
            }
        }
        let needed = max(text.count * factor, text.count * 2 + (separators + 1) * bytesPerTextValue)
        try check(needing: needed, toRead: text.count, fileName: fileName)
    }

    /// Throws when the process cannot map `needed` bytes more, before the file's `size`
    /// bytes are read into memory; files smaller than ``smallestChecked`` pass unchecked.
    ///
    /// - Throws: ``PropertyListError`` with code `.systemLimit` naming `fileName`.
    static func check(forFileOf size: Int, fileName: String?) throws(PropertyListError) {
        guard size >= smallestChecked else { return }
        try check(needing: size, toRead: size, fileName: fileName)
    }

    /// Throws when the process cannot map what changing one entry of a canonical XML file of
    /// `size` bytes, already in memory, takes: the file's values read beside it by libxml2 and
    /// the new file's pieces (twice its size), and the stack of the thread that checks it
    /// (8 MiB, glibc's default). Measured: a 5 MB domain aborted with 8.5 MB left.
    ///
    /// - Throws: ``PropertyListError`` with code `.systemLimit` naming `fileName`.
    package static func check(forSplicing size: Int, fileName: String?) throws(PropertyListError) {
        guard size >= smallestChecked else { return }
        try check(needing: size * 2 + (8 << 20), toRead: size, fileName: fileName)
    }

    private static func check(needing needed: Int, toRead size: Int, fileName: String?) throws(PropertyListError) {
        let region = mmap(nil, needed, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        if let region, region != UnsafeMutableRawPointer(bitPattern: -1) {
            munmap(region, needed)
            return
        }
        throw PropertyListError(
            .systemLimit, file: fileName,
            "not enough memory to read it: its \(size) bytes take up to \((needed + (1 << 20) - 1) >> 20) MiB to read and build, more than prefs may still map (a system limit: raise ulimit -v or ulimit -d)"
        )
    }
}
