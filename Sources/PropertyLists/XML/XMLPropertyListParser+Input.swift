import CLibXML2

/// The bytes libxml2 pulls, and the markup it is not let to see more of.
extension XMLPropertyListParser {
    /// Hands libxml2 the next bytes of the document, unless the markup parsed so far passes
    /// ``PropertyListLimits/maxAttributes``; then the input fails (-1) and the parse ends with
    /// ``markupRefusal``.
    ///
    /// libxml2 2.9 checks each attribute of a start tag against all the tag's others, once the
    /// tag is read, and each namespace declaration against the others as it reads them: time
    /// quadratic in their number (400,000 attributes on `<plist>`, 4.7 MB, took 36 s). It reads
    /// its input a few kilobytes at a time, so checking its own tallies before each read
    /// stops a start tag at most a few hundred attributes past the limit, whatever the
    /// document's encoding, before the quadratic check has run.
    ///
    /// - Returns: The number of bytes, 0 at the end, -1 on failure.
    func pull(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let input else { return -1 }
        if let context, markupRefusal == nil, let problem = Self.markupBeyondLimits(context.pointee) {
            markupRefusal = PropertyListError(.tooLarge, file: fileName, line: currentLine, problem)
        }
        guard markupRefusal == nil else { return -1 }
        let count = input.read(into: buffer)
        if count == 0 { inputEnded = true }
        return count
    }

    /// What passes ``PropertyListLimits/maxAttributes`` in what libxml2 has parsed, if anything.
    ///
    /// libxml2's attribute array holds five pointers per attribute and grows to
    /// `(pointers needed + 5) * 2`, so an array of `maxatts` pointers was grown for a start tag
    /// of at least `maxatts / 10 - 1` attributes; `nsNr` is two per namespace declaration in scope.
    private static func markupBeyondLimits(_ context: xmlParserCtxt) -> String? {
        let limit = PropertyListLimits.maxAttributes
        if Int(context.maxatts) / 10 - 1 > limit {
            return "an element has more than \(limit) attributes; the only attribute a property list has is <plist>'s version"
        }
        if Int(context.nsNr) / 2 > limit {
            return "more than \(limit) XML namespace declarations are in force; property lists use no namespaces"
        }
        return nil
    }
}
