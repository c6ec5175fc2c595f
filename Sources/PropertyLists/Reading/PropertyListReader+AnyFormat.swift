extension PropertyListReader {
    /// Reads a property list in any format prefs knows, telling the format by content unless
    /// `format` names one.
    ///
    /// Detection, as ``PropertyListFormat/init(sniffing:)-(ContiguousBytesCollection)`` guesses it:
    /// `bplist` is binary, `<` XML (or old-style data), and text that parses as JSON is JSON;
    /// anything else is read as old-style (OpenStep) text. JSON and old-style text may be UTF-8
    /// or UTF-16 with a byte order mark. An input that is only white space is read as XML, and
    /// refused.
    ///
    /// ```swift
    /// let (value, format) = try PropertyListReader().read(anyFormat: bytes, fileName: "a.plist")
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - fileName: How errors name the input.
    ///   - format: The format to read, or `nil` to tell it by content.
    /// - Returns: The value and the format it was read in.
    /// - Throws: ``PropertyListError`` naming the file and what is wrong.
    /// - Complexity: O(*n*) in the size of the input.
    public func read(
        anyFormat bytes: some ContiguousBytesCollection, fileName: String? = nil,
        as format: PropertyListFormat? = nil
    ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat) {
        let read = try readDocument(anyFormat: bytes, fileName: fileName, as: format)
        return (read.value, read.format)
    }

    /// Reads a property list in any format as ``read(anyFormat:fileName:as:)`` does, and tells
    /// whether old-style text was a `.strings` file (entries without braces).
    func readDocument(
        anyFormat bytes: some ContiguousBytesCollection, fileName: String?, as format: PropertyListFormat?
    ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat, isStringsFile: Bool) {
        let guess = format ?? PropertyListFormat(sniffing: bytes)
        switch guess {
        case .xml: return (try read(xml: bytes, fileName: fileName), .xml, false)
        case .binary: return (try BinaryPropertyListReader().read(bytes, fileName: fileName), .binary, false)
        case .json, .openStep:
            let (text, start) = try Self.text(bytes, fileName: fileName)
            try MemoryRoom.check(forText: text, fileName: fileName)
            if format == .openStep {
                let read = try OpenStepReader().readDocument(utf8: text, fileName: fileName)
                return (read.value, .openStep, read.isStringsFile)
            }
            do throws(PropertyListError) {
                return (try JSONReader().read(utf8: text, from: start, source: fileName), .json, false)
            } catch {
                if format == .json { throw error }
                do throws(PropertyListError) {
                    let read = try OpenStepReader().readDocument(utf8: text, fileName: fileName)
                    return (read.value, .openStep, read.isStringsFile)
                } catch let oldStyle {
                    // Text in brackets or braces with quoted keys was meant as JSON; a quoted
                    // string first is as likely a .strings file.
                    throw guess == .json && !bytes.withBytes({ Self.startsWithQuote($0) }) ? error : oldStyle
                }
            }
        }
    }

    /// Reads the file at `path` (`-`: standard input) in any format; see
    /// ``read(anyFormat:fileName:as:)``.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - fileName: How errors name it; `path` when `nil`.
    ///   - format: The format to read, or `nil` to tell it by content.
    /// - Throws: ``PropertyListError`` with code `.io` when the file cannot be read, or the
    ///   problems in its contents.
    public func read(
        anyFormatContentsOf path: String, fileName: String? = nil,
        as format: PropertyListFormat? = nil
    ) throws(PropertyListError) -> (value: PropertyList, format: PropertyListFormat) {
        try read(anyFormat: FileBytes.read(path, displayName: fileName ?? path), fileName: fileName ?? path, as: format)
    }

    private static func startsWithQuote(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = TextHead(bytes)
        let start = text.skippingSpace(from: 0)
        return start < text.count && text[start] == UInt8(ascii: "\"")
    }

    /// The input as UTF-8 bytes and the offset of the text after its byte order mark: the
    /// input itself when it is UTF-8 (a `[UInt8]` is not copied), or UTF-16 as
    /// ``TextEncoding`` tells it, transcoded.
    private static func text(_ bytes: some ContiguousBytesCollection, fileName: String?) throws(PropertyListError) -> (
        bytes: [UInt8], start: Int
    ) {
        let array = bytes as? [UInt8] ?? bytes.withBytes { [UInt8]($0) }
        guard let text = TextEncoding.utf8(array) else {
            let encoding = array.withBytes { TextEncoding.of($0).encoding } == .utf8 ? "UTF-8" : "UTF-16"
            throw PropertyListError(.malformed, file: fileName, "the text is not valid \(encoding)")
        }
        return text
    }

    /// Reads XML from memory, the one format this reader otherwise refuses to guess at.
    private func read(xml bytes: some ContiguousBytesCollection, fileName: String?) throws(PropertyListError) -> PropertyList {
        value(try bytes.withBytes { (buffer) throws(PropertyListError) in try XMLPropertyListParser.parse(buffer, fileName: fileName) })
    }

    /// The binary file behind an XML parse that found one, read whole (of a root dictionary,
    /// only the entry under `rootKey` built, when one is given); `nil` when the parse failed for
    /// another reason, or the input was standard input and cannot be read again.
    func binaryFallback(
        after error: PropertyListError, path: String, fileName: String,
        rootKey: String? = nil
    ) throws(PropertyListError) -> PropertyList? {
        guard error.code == .unsupportedFormat, path != "-" else { return nil }
        let bytes = try FileBytes.read(path, displayName: fileName)
        guard PropertyListFormat(sniffing: bytes) == .binary else { return nil }
        if let rootKey { return try BinaryPropertyListReader().read(bytes, fileName: fileName, rootKey: rootKey) }
        return try BinaryPropertyListReader().read(bytes, fileName: fileName)
    }
}
