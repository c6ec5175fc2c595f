import CLibXML2

/// Streams an XML property list through libxml2's SAX2 parser into a ``PropertyList``.
///
/// No tree is built: libxml2 pulls the input in small chunks from a ``DocumentInput`` and
/// values are assembled as elements close,
/// so memory stays close to the size of the values kept. A ``Retention`` other than
/// `.everything` keeps less: the parts not kept are parsed and checked all the same, so a
/// document fails or passes whatever is kept. Every element is checked against the plist DTD
/// as it streams (``DTDValidator``), and the text of integers, reals, dates and data by Apple's
/// rules.
///
/// The parser lives on one thread for the length of one parse, and libxml2 calls back into it
/// synchronously, so its state opts out of dynamic exclusivity checks (`@exclusivity(unchecked)`),
/// which otherwise cost a tenth of the parse.
///
/// Hostile XML is refused before it can act: an internal DTD subset stops the parse at its
/// `[`, entity references are errors, the DOCTYPE's URL is never opened (no external subset is
/// loaded at all), and nesting is capped by ``PropertyListLimits/maxNestingDepth``.
///
/// This file holds the parser's state and its entry points; the SAX events are in
/// `XMLPropertyListParser+Events.swift`, the decoding of values in `+Values.swift`, the
/// reporting of problems in `+Diagnostics.swift`, and the input libxml2 pulls, with the limits
/// kept on markup libxml2 is slow on, in `+Input.swift`.
final class XMLPropertyListParser {
    /// Which values a parse builds.
    enum Retention: Equatable {
        /// The whole value.
        case everything
        /// Of a root `<dict>`, only the entry under this key (its UTF-8 bytes); any other root
        /// whole.
        case rootKey([UInt8])
        /// Of a root `<dict>`, every entry, each handed to ``rootEntryHandler`` as soon as its
        /// value is read instead of being stored in the dictionary, which stays empty; any
        /// other root whole.
        case rootEntries
        /// Nothing: the document is only checked.
        case nothing
    }

    enum Leaf {
        case key, string, integer, real, date, data
        case boolean(Bool)
    }

    /// A container under construction; a class so that appending mutates in place.
    final class Container {
        let isDictionary: Bool
        /// Whether the container builds its value; a container that does not still checks its
        /// children, and its keys for duplicates.
        let builds: Bool
        /// The one key a root dictionary keeps, for ``Retention/rootKey(_:)``.
        let keptKey: [UInt8]?
        /// Whether the container is a root dictionary whose entries go to the parser's
        /// ``XMLPropertyListParser/rootEntryHandler``, for ``Retention/rootEntries``.
        let handsOnEntries: Bool
        @exclusivity(unchecked) var array: [PropertyList] = []
        @exclusivity(unchecked) var dictionary = PropertyListDictionary()
        @exclusivity(unchecked) var pendingKey: String?
        /// The keys of a dictionary that keeps some or none of its entries.
        @exclusivity(unchecked) var keys: KeySet
        /// Where the container lies, when the parse records lines (``PropertyListLines``).
        var path: [String] = []
        /// Where the text of the dictionary's latest key starts (line, and the column of the
        /// `>` before it), for the position of a duplicate.
        @exclusivity(unchecked) var keyStart: (line: Int32, column: Int32) = (0, 0)

        init(isDictionary: Bool, builds: Bool, keptKey: [UInt8]?, handsOnEntries: Bool = false, keys: KeySet) {
            self.isDictionary = isDictionary
            self.builds = builds
            self.keptKey = keptKey
            self.handsOnEntries = handsOnEntries
            self.keys = keys
        }

        /// Whether the value that comes next is built: always in a container that builds all
        /// of its entries, and in a root dictionary only after the kept key.
        var buildsNextValue: Bool {
            guard builds else { return false }
            guard let keptKey else { return true }
            return keys.stagedKeyEquals(keptKey)
        }

        /// Whether the keys are tracked in ``keys`` rather than by building the dictionary.
        var tracksKeys: Bool { isDictionary && (!builds || keptKey != nil || handsOnEntries) }
    }

    enum Frame {
        case plist
        /// An open `<array>` or `<dict>`. The container is held unretained, so that copying a
        /// frame, as each element does a few times, costs no reference counting;
        /// ``openContainers`` keeps it alive.
        case container(Unmanaged<Container>)
        /// A leaf element, and whether its value is built.
        case leaf(Leaf, builds: Bool)
        /// An element outside the plist vocabulary or in a place no value goes; the DTD
        /// validator reports it.
        case ignored

        /// The vocabulary element of the frame, which libxml2 ends with the name it started
        /// with; `nil` for an ignored one, whose name is looked at again.
        var element: ElementName? {
            switch self {
            case .plist: .plist
            case .container(let container): container._withUnsafeGuaranteedRef(\.isDictionary) ? .dict : .array
            case .leaf(.key, _): .key
            case .leaf(.string, _): .string
            case .leaf(.integer, _): .integer
            case .leaf(.real, _): .real
            case .leaf(.date, _): .date
            case .leaf(.data, _): .data
            case .leaf(.boolean(let value), _): value ? .true : .false
            case .ignored: nil
            }
        }
    }

    let fileName: String?
    let retention: Retention
    /// The lines of entries, recorded only when asked for (see ``parseRecordingLines(contentsOf:fileName:)``).
    @exclusivity(unchecked) var lines: PropertyListLines?
    /// Where a root dictionary's entries go, for ``Retention/rootEntries``.
    var rootEntryHandler: ((String, PropertyList) -> Void)?
    let validator = DTDValidator.take()
    @exclusivity(unchecked) var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The containers of the `.container` frames, innermost last, which they hold unretained.
    @exclusivity(unchecked) var openContainers: [Container] = []
    @exclusivity(unchecked) var text = LeafText()
    @exclusivity(unchecked) var containerDepth = 0
    @exclusivity(unchecked) var result: PropertyList?
    @exclusivity(unchecked) var sawValue = false
    /// Whether the current leaf's text is collected (a skipped `<string>` needs none).
    @exclusivity(unchecked) var collectsText = false
    /// Key sets of finished dictionaries, kept for the next ones.
    @exclusivity(unchecked) var spareKeySets: [KeySet] = []
    @exclusivity(unchecked) var diagnostics: [PropertyListDiagnostic] = []
    @exclusivity(unchecked) var firstCode: PropertyListError.Code?
    @exclusivity(unchecked) var stopRequested = false
    /// The line, and the column of the `>` ending the start tag, of the latest leaf whose text
    /// is checked (integer, real, date, data) or is a key, for the position of a problem with it.
    @exclusivity(unchecked) var valueStart: (line: Int32, column: Int32) = (0, 0)
    /// The levels of ``frames`` whose open element already broke its DTD content model.
    /// libxml2's validator cannot recover inside such an element and reports each later child
    /// again ("Misplaced key", "Misplaced integer", ...), so only the first report is kept.
    @exclusivity(unchecked) var brokenContentLevels: [Int] = []
    /// The document being parsed, which ``pull(into:)`` hands to libxml2.
    var input: DocumentInput?
    /// Why the parse was cut short by ``PropertyListLimits/maxAttributes``, if it was.
    var markupRefusal: PropertyListError?
    /// Whether ``pull(into:)`` has just handed libxml2 the end of the input.
    @exclusivity(unchecked) var inputEnded = false

    private static let initializeLibrary: Void = xmlInitParser()

    deinit {
        DTDValidator.recycle(validator)
    }

    private init(fileName: String?, retention: Retention, recordsLines: Bool = false) {
        self.fileName = fileName
        self.retention = retention
        if recordsLines { lines = PropertyListLines() }
    }

    /// Parses the file at `path` (`-`: standard input) whole, recording the line of every
    /// dictionary key and array element.
    static func parseRecordingLines(contentsOf path: String, fileName: String) throws(PropertyListError) -> (PropertyList, PropertyListLines) {
        try parseRecordingLines(DocumentInput(contentsOf: path, displayName: fileName), fileName: fileName)
    }

    /// Parses `bytes` whole, recording the line of every dictionary key and array element.
    static func parseRecordingLines(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(PropertyListError) -> (PropertyList, PropertyListLines) {
        try parseRecordingLines(DocumentInput(bytes, displayName: fileName), fileName: fileName)
    }

    private static func parseRecordingLines(_ input: DocumentInput, fileName: String) throws(PropertyListError) -> (PropertyList, PropertyListLines) {
        try checkParsable(input, fileName: fileName)
        if let size = input.size { try MemoryRoom.check(forDocumentOf: size, fileName: fileName) }
        let parser = XMLPropertyListParser(fileName: fileName, retention: .everything, recordsLines: true)
        guard let value = try parser.run(input) else { preconditionFailure("a parse that keeps values returned none") }
        return (value, parser.lines ?? PropertyListLines())
    }

    /// Parses the file at `path` (`-`: standard input), handing each entry of a root
    /// dictionary to `body` as soon as its value is read; see ``Retention/rootEntries``.
    ///
    /// - Returns: The root: an empty dictionary when it is a dictionary, else the whole value.
    /// - Throws: Every problem found, in which case the entries handed on mean nothing.
    static func parse(
        contentsOf path: String, fileName: String, eachRootEntry body: (String, PropertyList) -> Void
    ) throws(PropertyListError) -> PropertyList? {
        let input = try DocumentInput(contentsOf: path, displayName: fileName)
        try checkParsable(input, fileName: fileName)
        let parser = XMLPropertyListParser(fileName: fileName, retention: .rootEntries)
        return try withoutActuallyEscaping(body) { (body) throws(PropertyListError) in
            parser.rootEntryHandler = body
            defer { parser.rootEntryHandler = nil }
            return try parser.run(input)
        }
    }

    /// Parses `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8 or any encoding its XML declaration names.
    ///   - fileName: The name errors give for the input.
    ///   - retention: Which values to build.
    /// - Returns: The value (`nil` when `retention` is `.nothing`).
    /// - Throws: Every problem found.
    static func parse(
        _ bytes: UnsafeRawBufferPointer, fileName: String?,
        retention: Retention = .everything
    ) throws(PropertyListError) -> PropertyList? {
        try parse(DocumentInput(bytes, displayName: fileName), fileName: fileName, retention: retention)
    }

    /// Parses the file at `path` (`-`: standard input), reading it as the parse goes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - fileName: The name errors give for the file.
    ///   - retention: Which values to build.
    /// - Returns: The value (`nil` when `retention` is `.nothing`).
    /// - Throws: Every problem found.
    static func parse(
        contentsOf path: String, fileName: String,
        retention: Retention = .everything
    ) throws(PropertyListError) -> PropertyList? {
        try parse(DocumentInput(contentsOf: path, displayName: fileName), fileName: fileName, retention: retention)
    }

    /// Parses the regular file open at `descriptor` from its current offset, reading it as the
    /// parse goes; the descriptor stays open.
    static func parse(
        descriptor: Int32, fileName: String,
        retention: Retention = .everything
    ) throws(PropertyListError) -> PropertyList? {
        try parse(DocumentInput(descriptor: descriptor, closing: false, displayName: fileName), fileName: fileName, retention: retention)
    }

    private static func parse(_ input: DocumentInput, fileName: String?, retention: Retention) throws(PropertyListError) -> PropertyList? {
        try checkParsable(input, fileName: fileName)
        // Only a parse that keeps everything builds values in proportion to the document.
        if retention == .everything, let size = input.size { try MemoryRoom.check(forDocumentOf: size, fileName: fileName) }
        return try XMLPropertyListParser(fileName: fileName, retention: retention).run(input)
    }

    /// Throws why `input` cannot be parsed at all, if it cannot.
    private static func checkParsable(_ input: DocumentInput, fileName: String?) throws(PropertyListError) {
        _ = initializeLibrary
        if let failure = input.failure { throw failure }
        let format = PropertyListFormat(sniffing: input.head)
        guard format == .xml else {
            throw PropertyListError(.unsupportedFormat, file: fileName, line: 1, column: 1, format.refusal)
        }
        guard !input.head.isEmpty else {
            throw PropertyListError(.malformed, file: fileName, line: 1, column: 1, "the document is empty")
        }
        if input.head.first == 0, TextEncoding.of(input.head).encoding == .utf8 {
            throw PropertyListError(
                .malformed, file: fileName, line: 1, column: 1,
                "the file starts with a NUL byte, so it is not text; a property list is an XML text file")
        }
    }

    private func run(_ input: DocumentInput) throws(PropertyListError) -> PropertyList? {
        var handlers = Self.handlers
        let me = Unmanaged.passUnretained(self).toOpaque()
        self.input = input
        defer { self.input = nil }
        guard
            let context = xmlCreateIOParserCtxt(
                &handlers, me,
                { parser, buffer, length in
                    guard let parser, let buffer, length > 0 else { return 0 }
                    let me = Unmanaged<XMLPropertyListParser>.fromOpaque(parser).takeUnretainedValue()
                    return Int32(me.pull(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
                }, nil, me, XML_CHAR_ENCODING_NONE)
        else {
            throw PropertyListError(.malformed, file: fileName, line: 1, "libxml2 cannot start a parser")
        }
        self.context = context
        defer {
            xmlFreeParserCtxt(context)
            self.context = nil
        }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        withLibraryErrorsReported {
            withExtendedLifetime(input) { _ = xmlParseDocument(context) }
        }
        if let failure = input.failure ?? markupRefusal { throw failure }
        if diagnostics.isEmpty, context.pointee.wellFormed == 0 {
            report(.malformed, "the document is not well-formed XML")
        }
        if diagnostics.isEmpty, Self.stoppedBeforeTheEnd(context) || input.hasUnreadBytes() {
            report(.malformed, "a NUL byte follows the document; nothing may follow a property list but white space and comments")
        }
        if diagnostics.isEmpty, !sawValue {
            report(.invalid, "<plist> holds no value")
        }
        guard diagnostics.isEmpty else { throw PropertyListError(firstCode ?? .invalid, diagnostics: diagnostics) }
        return result
    }

    /// Whether libxml2 ended the document before the end of its input: it takes a NUL byte
    /// after the root element for the end, and reads no further (U+0000 in UTF-16 too).
    private static func stoppedBeforeTheEnd(_ context: xmlParserCtxtPtr) -> Bool {
        guard let parserInput = context.pointee.input, let current = parserInput.pointee.cur, let end = parserInput.pointee.end else { return false }
        return current < end
    }

    /// Runs `body` with libxml2's errors on this thread routed to this parse, and none of
    /// them printed; the thread's own handlers are put back afterwards.
    private func withLibraryErrorsReported(_ body: () -> Void) {
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(
            Unmanaged.passUnretained(self).toOpaque(),
            { userData, error in
                guard let userData, let error else { return }
                Unmanaged<XMLPropertyListParser>.fromOpaque(userData).takeUnretainedValue().libraryReported(error.pointee)
            })
        let previousGenericHandler = prefs_xml_silence_generic_errors()
        defer {
            prefs_xml_restore_generic_errors(previousGenericHandler)
            xmlSetStructuredErrorFunc(previousContext, previousHandler)
        }
        body()
    }
}
