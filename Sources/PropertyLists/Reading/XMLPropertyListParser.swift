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
final class XMLPropertyListParser {
    /// Which values a parse builds.
    enum Retention: Equatable {
        /// The whole value.
        case everything
        /// Of a root `<dict>`, only the entry under this key (its UTF-8 bytes); any other root
        /// whole.
        case rootKey([UInt8])
        /// Nothing: the document is only checked.
        case nothing
    }

    private enum Leaf {
        case key, string, integer, real, date, data
        case boolean(Bool)
    }

    /// A container under construction; a class so that appending mutates in place.
    private final class Container {
        let isDictionary: Bool
        /// Whether the container builds its value; a container that does not still checks its
        /// children, and its keys for duplicates.
        let builds: Bool
        /// The one key a root dictionary keeps, for ``Retention/rootKey(_:)``.
        let keptKey: [UInt8]?
        @exclusivity(unchecked) var array: [PropertyList] = []
        @exclusivity(unchecked) var dictionary = PropertyListDictionary()
        @exclusivity(unchecked) var pendingKey: String?
        /// The keys of a dictionary that keeps some or none of its entries.
        @exclusivity(unchecked) var keys: KeySet
        /// Where the container lies, when the parse records lines (``PropertyListLines``).
        var path: [String] = []

        init(isDictionary: Bool, builds: Bool, keptKey: [UInt8]?, keys: KeySet) {
            self.isDictionary = isDictionary
            self.builds = builds
            self.keptKey = keptKey
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
        var tracksKeys: Bool { isDictionary && (!builds || keptKey != nil) }
    }

    private enum Frame {
        case plist
        case container(Container)
        /// A leaf element, and whether its value is built.
        case leaf(Leaf, builds: Bool)
        /// An element outside the plist vocabulary or in a place no value goes; the DTD
        /// validator reports it.
        case ignored
    }

    private let fileName: String?
    private let retention: Retention
    /// The lines of entries, recorded only when asked for (see ``parseRecordingLines(contentsOf:fileName:)``).
    private var lines: PropertyListLines?
    private let validator = DTDValidator()
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var text: [UInt8] = []
    @exclusivity(unchecked) private var containerDepth = 0
    @exclusivity(unchecked) private var result: PropertyList?
    @exclusivity(unchecked) private var sawValue = false
    /// Whether the current leaf's text is collected (a skipped `<string>` needs none).
    @exclusivity(unchecked) private var collectsText = false
    /// Key sets of finished dictionaries, kept for the next ones.
    @exclusivity(unchecked) private var spareKeySets: [KeySet] = []
    @exclusivity(unchecked) private var diagnostics: [PropertyListDiagnostic] = []
    @exclusivity(unchecked) private var firstCode: PropertyListError.Code?
    @exclusivity(unchecked) private var stopRequested = false
    @exclusivity(unchecked) private var knownNames: [(UnsafePointer<xmlChar>, ElementName?)] = []
    /// The levels of ``frames`` whose open element already broke its DTD content model.
    /// libxml2's validator cannot recover inside such an element and reports each later child
    /// again ("Misplaced key", "Misplaced integer", ...), so only the first report is kept.
    @exclusivity(unchecked) private var brokenContentLevels: [Int] = []

    private static let acceptedPublicIDs: Set<String> = [
        "-//Apple//DTD PLIST 1.0//EN", "-//Apple Computer//DTD PLIST 1.0//EN",
    ]
    private static let acceptedSystemIDs: Set<String> = [
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd", "https://www.apple.com/DTDs/PropertyList-1.0.dtd",
        "file://localhost/System/Library/DTDs/PropertyList.dtd",
    ]

    private static let initializeLibrary: Void = xmlInitParser()

    private init(fileName: String?, retention: Retention, recordsLines: Bool = false) {
        self.fileName = fileName
        self.retention = retention
        if recordsLines { lines = PropertyListLines() }
    }

    /// Parses the file at `path` (`-`: standard input) whole, recording the line of every
    /// dictionary key and array element.
    static func parseRecordingLines(contentsOf path: String, fileName: String) -> Result<(PropertyList, PropertyListLines), PropertyListError> {
        do throws(PropertyListError) {
            let input = try DocumentInput(contentsOf: path, displayName: fileName)
            if let refusal = refusal(of: input, fileName: fileName) { return .failure(refusal) }
            let parser = XMLPropertyListParser(fileName: fileName, retention: .everything, recordsLines: true)
            guard let value = try parser.run(input).get() else { preconditionFailure("a parse that keeps values returned none") }
            return .success((value, parser.lines ?? PropertyListLines()))
        } catch {
            return .failure(error)
        }
    }

    /// Parses `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The document, in UTF-8 or any encoding its XML declaration names.
    ///   - fileName: The name errors give for the input.
    ///   - retention: Which values to build.
    /// - Returns: The value (`nil` when `retention` is `.nothing`), or every problem found.
    static func parse(_ bytes: UnsafeRawBufferPointer, fileName: String?,
                      retention: Retention = .everything) -> Result<PropertyList?, PropertyListError> {
        parse(DocumentInput(bytes, displayName: fileName), fileName: fileName, retention: retention)
    }

    /// Parses the file at `path` (`-`: standard input), reading it as the parse goes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - fileName: The name errors give for the file.
    ///   - retention: Which values to build.
    /// - Returns: The value (`nil` when `retention` is `.nothing`), or every problem found.
    static func parse(contentsOf path: String, fileName: String,
                      retention: Retention = .everything) -> Result<PropertyList?, PropertyListError> {
        do throws(PropertyListError) {
            let input = try DocumentInput(contentsOf: path, displayName: fileName)
            return parse(input, fileName: fileName, retention: retention)
        } catch {
            return .failure(error)
        }
    }

    /// Parses the regular file open at `descriptor` from its current offset, reading it as the
    /// parse goes; the descriptor stays open.
    static func parse(descriptor: Int32, fileName: String,
                      retention: Retention = .everything) -> Result<PropertyList?, PropertyListError> {
        do throws(PropertyListError) {
            let input = try DocumentInput(descriptor: descriptor, closing: false, displayName: fileName)
            return parse(input, fileName: fileName, retention: retention)
        } catch {
            return .failure(error)
        }
    }

    private static func parse(_ input: DocumentInput, fileName: String?, retention: Retention) -> Result<PropertyList?, PropertyListError> {
        if let refusal = refusal(of: input, fileName: fileName) { return .failure(refusal) }
        return XMLPropertyListParser(fileName: fileName, retention: retention).run(input)
    }

    /// Why `input` cannot be parsed at all, or `nil` when it can.
    private static func refusal(of input: DocumentInput, fileName: String?) -> PropertyListError? {
        _ = initializeLibrary
        if let failure = input.failure { return failure }
        let format = PropertyListFormat(sniffing: input.head)
        guard format == .xml else {
            return PropertyListError(.unsupportedFormat, file: fileName, line: 1, format.refusal)
        }
        guard !input.head.isEmpty else {
            return PropertyListError(.malformed, file: fileName, line: 1, "the document is empty")
        }
        if input.head.first == 0 {
            return PropertyListError(.malformed, file: fileName, line: 1,
                "the file starts with a NUL byte, so it is not text; a property list is an XML text file")
        }
        return nil
    }

    private func run(_ input: DocumentInput) -> Result<PropertyList?, PropertyListError> {
        var handlers = Self.handlers
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreateIOParserCtxt(&handlers, me, { input, buffer, length in
            guard let input, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<DocumentInput>.fromOpaque(input).takeUnretainedValue()
            return Int32(source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
        }, nil, Unmanaged.passUnretained(input).toOpaque(), XML_CHAR_ENCODING_NONE) else {
            return .failure(PropertyListError(.malformed, file: fileName, line: 1, "libxml2 cannot start a parser"))
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
        if let failure = input.failure { return .failure(failure) }
        if diagnostics.isEmpty, context.pointee.wellFormed == 0 {
            report(.malformed, "the document is not well-formed XML")
        }
        if diagnostics.isEmpty, !sawValue {
            report(.invalid, "<plist> holds no value")
        }
        if diagnostics.isEmpty { return .success(result) }
        return .failure(PropertyListError(firstCode ?? .invalid, diagnostics: diagnostics))
    }

    /// Runs `body` with libxml2's errors on this thread routed to this parse, and none of
    /// them printed; the thread's own handlers are put back afterwards.
    private func withLibraryErrorsReported(_ body: () -> Void) {
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(self).toOpaque(), { userData, error in
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

    // MARK: SAX events

    /// The SAX callbacks, each forwarding to the parser in the user data. Everything else is
    /// left out: the default SAX2 handlers build a tree and load external subsets.
    private static var handlers: xmlSAXHandler {
        var handlers = xmlSAXHandler()
        handlers.initialized = UInt32(XML_SAX2_MAGIC)
        handlers.internalSubset = { userData, name, publicID, systemID in
            withParser(userData) { $0.doctype(name: name, publicID: publicID, systemID: systemID) }
        }
        handlers.entityDecl = { userData, _, _, _, _, _ in withParser(userData) { $0.declaration("an entity") } }
        handlers.notationDecl = { userData, _, _, _ in withParser(userData) { $0.declaration("a notation") } }
        handlers.attributeDecl = { userData, _, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            withParser(userData) { $0.declaration("an attribute list") }
        }
        handlers.elementDecl = { userData, _, _, _ in withParser(userData) { $0.declaration("an element") } }
        handlers.unparsedEntityDecl = { userData, _, _, _, _ in withParser(userData) { $0.declaration("an entity") } }
        handlers.getEntity = { _, _ in nil }
        handlers.getParameterEntity = { _, _ in nil }
        handlers.reference = { userData, name in withParser(userData) { $0.entityReference(name) } }
        handlers.startElementNs = { userData, localName, prefix, _, namespaceCount, _, attributeCount, _, attributes in
            withParser(userData) {
                $0.startElement(localName: localName, prefix: prefix, namespaceCount: namespaceCount,
                                attributeCount: attributeCount, attributes: attributes)
            }
        }
        handlers.endElementNs = { userData, localName, prefix, _ in
            withParser(userData) { $0.endElement(localName: localName, prefix: prefix) }
        }
        handlers.characters = { userData, characters, count in withParser(userData) { $0.characters(characters, count) } }
        handlers.cdataBlock = { userData, characters, count in withParser(userData) { $0.characters(characters, count) } }
        handlers.ignorableWhitespace = { userData, characters, count in withParser(userData) { $0.characters(characters, count) } }
        return handlers
    }

    /// Runs one SAX event's handler, then applies any stop it requested.
    fileprivate func handle(_ body: (XMLPropertyListParser) -> Void) {
        body(self)
        applyRequestedStop()
    }

    private func doctype(name: UnsafePointer<xmlChar>?, publicID: UnsafePointer<xmlChar>?, systemID: UnsafePointer<xmlChar>?) {
        if prefs_xml_at_internal_subset(context) != 0 {
            report(.forbidden, "the DOCTYPE has an internal subset ([…]); a property list may not declare entities, elements or attributes")
            stop()
            return
        }
        let name = name.map { String(cString: $0) } ?? ""
        if name != "plist" {
            report(.invalid, "the DOCTYPE names <\(name)>; a property list's DOCTYPE names <plist>")
        }
        if let publicID = publicID.map({ String(cString: $0) }), !Self.acceptedPublicIDs.contains(publicID) {
            report(.forbidden, "the DOCTYPE names the DTD \"\(publicID)\"; prefs validates against Apple's plist DTD (-//Apple//DTD PLIST 1.0//EN) only")
            stop()
        } else if publicID == nil, let systemID = systemID.map({ String(cString: $0) }), !Self.acceptedSystemIDs.contains(systemID) {
            report(.forbidden, "the DOCTYPE names the external DTD \"\(Self.excerpt(systemID))\"; prefs never loads external DTDs and validates against Apple's plist DTD only")
            stop()
        }
    }

    private func declaration(_ kind: String) {
        report(.forbidden, "the document declares \(kind); property lists may not carry DTD declarations")
        stop()
    }

    private func entityReference(_ name: UnsafePointer<xmlChar>?) {
        let name = name.map { String(cString: $0) } ?? ""
        report(.forbidden, "entity reference &\(name); is not allowed in a property list (only &amp; &lt; &gt; &quot; &apos; and character references are)")
    }

    private func startElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int32,
                              attributeCount: Int32, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard let localName else { return }
        let element = prefix == nil ? elementName(localName) : nil
        if let element {
            validator.push(element, qualifiedName: localName)
        } else {
            let name = Self.qualifiedName(localName, prefix)
            if prefix != nil || namespaceCount > 0 {
                report(.invalid, "<\(name)> uses XML namespaces, which property lists do not")
            }
            validator.push(name)
        }
        if attributeCount > 0, let attributes {
            let name = Self.qualifiedName(localName, prefix)
            for index in 0..<Int(attributeCount) {
                let attribute = Self.qualifiedName(attributes[index * 5], attributes[index * 5 + 1])
                if !validator.declares(attribute: attribute, on: name) {
                    report(.invalid, "<\(name)> does not take the attribute \"\(attribute)\"")
                }
            }
        }
        guard let parent = frames.last else {
            if element != .plist {
                report(.invalid, "the root element is <\(Self.qualifiedName(localName, prefix))>; a property list's root element is <plist>")
            }
            frames.append(element == .plist ? .plist : .ignored)
            return
        }
        let builds: Bool
        switch parent {
        case .plist: builds = retention != .nothing
        case .container(let container): builds = container.buildsNextValue
        case .leaf, .ignored:
            frames.append(.ignored)
            return
        }
        let path = lines == nil || element == .key ? [] : recordLine(under: parent)
        switch element {
        case .array?, .dict?:
            containerDepth += 1
            if containerDepth > PropertyListLimits.maxNestingDepth {
                report(.tooLarge, "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs reads")
                stop()
            }
            var keptKey: [UInt8]?
            if case .plist = parent, case .rootKey(let key) = retention, element == .dict { keptKey = key }
            let container = Container(isDictionary: element == .dict, builds: builds, keptKey: keptKey,
                                      keys: spareKeySets.popLast() ?? KeySet())
            container.path = path
            frames.append(.container(container))
        case .key?: startLeaf(.key, builds: true)
        case .string?: startLeaf(.string, builds: builds)
        case .integer?: startLeaf(.integer, builds: builds)
        case .real?: startLeaf(.real, builds: builds)
        case .date?: startLeaf(.date, builds: builds)
        case .data?: startLeaf(.data, builds: builds)
        case .true?: startLeaf(.boolean(true), builds: builds)
        case .false?: startLeaf(.boolean(false), builds: builds)
        case .plist?, nil: frames.append(.ignored)
        }
    }

    /// Records the line of the value starting now under `parent` (unless its key's line is
    /// known) and returns the value's path.
    private func recordLine(under parent: Frame) -> [String] {
        guard case .container(let container) = parent else {
            lines?.record([], line: currentLine)
            return []
        }
        let path = container.path + [container.isDictionary ? container.pendingKey ?? "" : String(container.array.count)]
        lines?.record(path, line: currentLine)
        return path
    }

    /// The vocabulary element `name` denotes. libxml2 interns names, so the same element comes
    /// back as the same pointer: a few remembered pointers spare comparing the bytes.
    private func elementName(_ name: UnsafePointer<xmlChar>) -> ElementName? {
        for (pointer, element) in knownNames where pointer == name { return element }
        let element = ElementName(name)
        if knownNames.count < 16 { knownNames.append((name, element)) }
        return element
    }

    private func startLeaf(_ leaf: Leaf, builds: Bool) {
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        // A skipped <string> needs no text; every other leaf's text is checked or kept.
        if case .string = leaf { collectsText = builds } else { collectsText = true }
        frames.append(.leaf(leaf, builds: builds))
    }

    private func endElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        if let localName, prefix == nil, let element = elementName(localName) {
            validator.pop(element, qualifiedName: localName)
        } else {
            validator.pop(Self.qualifiedName(localName, prefix))
        }
        if brokenContentLevels.last == frames.count { brokenContentLevels.removeLast() }
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .plist, .ignored:
            break
        case .container(let container):
            containerDepth -= 1
            var keys = container.keys
            container.keys = KeySet()
            keys.removeAll()
            spareKeySets.append(keys)
            if !container.builds {
                finishValue(nil)
            } else if container.isDictionary {
                finishValue(.dictionary(container.dictionary))
            } else {
                finishValue(.array(container.array))
            }
        case .leaf(.key, _):
            guard case .container(let container)? = frames.last, container.isDictionary else { break }
            if container.tracksKeys {
                container.keys.stage(text[...])
            } else if container.pendingKey == nil {
                let key = String(decoding: text, as: UTF8.self)
                container.pendingKey = key
                lines?.record(container.path + [key], line: currentLine)
            }
        case .leaf(let leaf, let builds):
            if let value = decode(leaf, building: builds) { finishValue(builds ? value : nil) }
        }
        collectsText = false
    }

    private func characters(_ characters: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard let characters else { return }
        if collectsText {
            text.append(contentsOf: UnsafeBufferPointer(start: characters, count: Int(count)))
        }
        validator.pushText(characters, count: count)
    }

    /// Hands a finished, valid value to the element that holds it: `nil` for a value that
    /// was checked but not built.
    private func finishValue(_ value: PropertyList?) {
        guard let parent = frames.last else { return }
        switch parent {
        case .plist:
            if !sawValue {
                sawValue = true
                result = value
            }
        case .container(let container) where container.tracksKeys:
            // A value without a key is a DTD error, reported by the validator.
            guard container.keys.hasStagedKey else { return }
            let kept = container.buildsNextValue
            if let duplicate = container.keys.commitStagedKey() {
                report(.invalid, "the key \"\(Self.excerpt(duplicate))\" appears twice in one <dict>")
            } else if kept, let value, let key = container.keptKey {
                _ = container.dictionary.addWhileBuilding(value, forKey: String(decoding: key, as: UTF8.self))
            }
        case .container(let container) where container.isDictionary:
            guard let key = container.pendingKey else { return }
            container.pendingKey = nil
            if let value, container.dictionary.addWhileBuilding(value, forKey: key) != nil {
                report(.invalid, "the key \"\(Self.excerpt(key))\" appears twice in one <dict>")
            }
        case .container(let container):
            if let value, container.builds { container.array.append(value) }
        case .leaf, .ignored:
            break
        }
    }

    /// The value of a finished leaf element, or `nil` after reporting why its text is wrong.
    ///
    /// - Parameter building: Whether the value is kept; when not, a `<string>` comes back as
    ///   an empty string and `<data>` as empty data once their text is known to be right.
    private func decode(_ leaf: Leaf, building: Bool) -> PropertyList? {
        switch leaf {
        case .key:
            return nil
        case .string:
            return .string(building ? String(decoding: text, as: UTF8.self) : "")
        case .boolean(let value):
            return .bool(value)
        case .integer:
            let trimmed = ScalarText.trimmed(text[...])
            if let integer = PropertyListInteger(parsing: trimmed) { return .integer(integer) }
            if trimmed.isEmpty {
                report(.invalid, "<integer> is empty")
            } else if trimmed.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
                      trimmed.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                report(.invalid, "<integer> holds \(quoted(trimmed)), which is outside the range of property list integers (-9223372036854775808 through 18446744073709551615)")
            } else {
                report(.invalid, "<integer> holds \(quoted(trimmed)), which is not an integer")
            }
        case .real:
            let trimmed = ScalarText.trimmed(text[...])
            if let real = ScalarText.real(trimmed) { return .real(real) }
            report(.invalid, trimmed.isEmpty ? "<real> is empty" : "<real> holds \(quoted(trimmed)), which is not a number")
        case .date:
            let trimmed = ScalarText.trimmed(text[...])
            if let date = PropertyListDate(parsing: trimmed) { return .date(date) }
            report(.invalid, "<date> holds \(quoted(trimmed)), which is not a date of years 1 through 9999 in the form YYYY-MM-DDTHH:MM:SSZ")
        case .data:
            switch ScalarText.base64(text[...], keepingBytes: building) {
            case .bytes(let bytes): return .data(bytes)
            case .badCharacter(let byte):
                let character = byte < 0x80 ? "'\(String(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
                report(.invalid, "<data> holds the character \(character), which is not Base64")
            case .badLength:
                report(.invalid, "<data> is not valid Base64: it ends in the middle of a group or has '=' before the end")
            }
        }
        return nil
    }

    // MARK: Errors

    private func libraryReported(_ error: xmlError) {
        guard error.level != XML_ERR_WARNING, error.code != Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) else { return }
        if error.code == Int32(XML_DTD_CONTENT_MODEL.rawValue) {
            // Raised while the element whose content is wrong is the innermost open frame.
            guard brokenContentLevels.last != frames.count else { return }
            brokenContentLevels.append(frames.count)
        }
        var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
        while message.last?.isWhitespace == true { message.removeLast() }
        let code: PropertyListError.Code = error.domain == Int32(XML_FROM_VALID.rawValue) ? .invalid : .malformed
        let line = error.line > 0 && error.domain != Int32(XML_FROM_VALID.rawValue) ? Int(error.line) : currentLine
        report(code, line: line, message)
    }

    private var currentLine: Int {
        Int(prefs_xml_current_line(context))
    }

    private func report(_ code: PropertyListError.Code, line: Int? = nil, _ message: String) {
        guard diagnostics.count < PropertyListLimits.maxDiagnostics else { return }
        if firstCode == nil { firstCode = code }
        diagnostics.append(PropertyListDiagnostic(file: fileName, line: line ?? currentLine, message: message))
        if diagnostics.count == PropertyListLimits.maxDiagnostics {
            diagnostics.append(PropertyListDiagnostic(file: fileName, line: line ?? currentLine,
                message: "too many problems; stopped after \(PropertyListLimits.maxDiagnostics)"))
            stop()
        }
    }

    /// Asks libxml2 to stop once the current SAX callback returns.
    ///
    /// Stopping frees the parser's input buffer, which the pointers a callback receives point
    /// into, so the stop is applied only after the callback is done with them.
    private func stop() {
        stopRequested = true
    }

    /// Applies a stop requested during the callback that is returning now.
    private func applyRequestedStop() {
        if stopRequested, let context, context.pointee.instate != XML_PARSER_EOF { xmlStopParser(context) }
    }

    private func quoted(_ text: ArraySlice<UInt8>) -> String {
        "\"" + Self.excerpt(String(decoding: text, as: UTF8.self)) + "\""
    }

    private static func excerpt(_ string: String) -> String {
        string.count > 60 ? String(string.prefix(60)) + "…" : string
    }

    private static func qualifiedName(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) -> String {
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }
}

/// Runs a SAX callback's `body` on the parser behind its user data, which libxml2 holds
/// unretained for the length of the parse (so no retain and release per event).
private func withParser(_ userData: UnsafeMutableRawPointer?, _ body: (XMLPropertyListParser) -> Void) {
    Unmanaged<XMLPropertyListParser>.fromOpaque(userData!)._withUnsafeGuaranteedRef { $0.handle(body) }
}
