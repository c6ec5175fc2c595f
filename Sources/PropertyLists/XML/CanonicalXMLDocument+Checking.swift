import Glibc

extension CanonicalXMLDocument {
    /// How large a document must be for its check to run on a second thread.
    static let concurrentSize = 256 << 10
    /// How much of a large document is checked first, on this thread, before the rest.
    static let prefixSize = 64 << 10

    /// Checks `bytes` as ``init(_:entryKey:)`` does and reads them with `read`, which must not
    /// change them: a large document on two threads at once, so that reading and checking take
    /// about the time of the longer of the two rather than their sum.
    ///
    /// Before starting the second thread, the first bytes of a large document are checked on
    /// this one: when they may not start a canonical document, the whole document is checked
    /// first and read only when it is canonical, so that one that is not costs no read.
    ///
    /// - Returns: The document and what `read` returns; `nil` when `bytes` are not canonical,
    ///   when `read` may not have run.
    public static func checking<Result>(_ bytes: [UInt8], entryKey key: String, whileReading read: () -> Result) -> (
        document: CanonicalXMLDocument, result: Result
    )? {
        guard bytes.count >= concurrentSize, prefixMayBeCanonical(bytes) else {
            guard let document = CanonicalXMLDocument(bytes, entryKey: key) else { return nil }
            return (document, read())
        }
        let check = Check(bytes: bytes, key: key)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(check).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Check>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        if started != 0 {
            Unmanaged<Check>.fromOpaque(context).release()
            check.run()
        }
        let result = read()
        if started == 0 { pthread_join(thread, nil) }
        guard let document = check.document else { return nil }
        return (document, result)
    }

    /// Whether the first ``prefixSize`` bytes of `bytes`, a larger document, can start a
    /// canonical one: their scan may fail only near their end, in what the cut left of a line
    /// (a longer element cut there, such as a long string, answers no). Either answer leads
    /// to the whole document being checked; this one only chooses whether beside the read.
    private static func prefixMayBeCanonical(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var scanner = CanonicalScanner(UnsafeRawBufferPointer(rebasing: bytes[..<prefixSize]))
            return scanner.rootEntries(locating: []) != nil || scanner.position >= prefixSize - 4096
        }
    }

    /// One check and its outcome, which the checking thread sets before it ends and the
    /// starting thread reads only after joining it.
    private final class Check: @unchecked Sendable {
        let bytes: [UInt8]
        let key: String
        var document: CanonicalXMLDocument?

        init(bytes: [UInt8], key: String) {
            self.bytes = bytes
            self.key = key
        }

        func run() {
            document = CanonicalXMLDocument(bytes, entryKey: key)
        }
    }
}
