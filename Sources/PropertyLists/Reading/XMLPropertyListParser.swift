import CLibXML2

/// Streams an XML property list through libxml2's SAX2 parser into a ``PropertyList``.
///
/// No tree is built: values are assembled as elements close, so memory stays close to the size
/// of the values themselves. Every element is checked against the plist DTD as it streams
/// (``DTDValidator``), and the text of integers, reals, dates and data by Apple's rules.
///
/// The parser lives on one thread for the length of one parse, and libxml2 calls back into it
/// synchronously, so its state opts out of dynamic exclusivity checks (`@exclusivity(unchecked)`),
/// which otherwise cost a tenth of the parse.
///
/// Hostile XML is refused before it can act: an internal DTD subset stops the parse at its
/// `[`, entity references are errors, the DOCTYPE's URL is never opened (no external subset is
/// loaded at all), and nesting is capped by ``PropertyListLimits/maxNestingDepth``.
final class XMLPropertyListParser {
    private enum Leaf {
        case key, string, integer, real, date, data
        case boolean(Bool)
    }

    /// A container under construction; a class so that appending mutates in place.
    private final class Container {
        @exclusivity(unchecked) var array: [PropertyList] = []
        @exclusivity(unchecked) var dictionary = PropertyListDictionary()
        @exclusivity(unchecked) var pendingKey: String?
        let isDictionary: Bool
        init(isDictionary: Bool) { self.isDictionary = isDictionary }
    }

    private enum Frame {
        case plist
        case container(Container)
        case leaf(Leaf)
        /// An element outside the plist vocabulary or in a place no value goes; the DTD
        /// validator reports it.
        case ignored
    }

    private let fileName: String?
    private let validator = DTDValidator()
    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var text: [UInt8] = []
    @exclusivity(unchecked) private var containerDepth = 0
    @exclusivity(unchecked) private var result: PropertyList?
    @exclusivity(unchecked) private var diagnostics: [PropertyListDiagnostic] = []
    @exclusivity(unchecked) private var firstCode: PropertyListError.Code?
    @exclusivity(unchecked) private var stopRequested = false
    @exclusivity(unchecked) private var knownNames: [(UnsafePointer<xmlChar>, ElementName?)] = []

    private static let acceptedPublicIDs: Set<String> = [
        "-//Apple//DTD PLIST 1.0//EN", "-//Apple Computer//DTD PLIST 1.0//EN",
    ]
    private static let acceptedSystemIDs: Set<String> = [
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd", "https://www.apple.com/DTDs/PropertyList-1.0.dtd",
        "file://localhost/System/Library/DTDs/PropertyList.dtd",
    ]

    private static let initializeLibrary: Void = xmlInitParser()

    private init(fileName: String?) {
        self.fileName = fileName
    }

    /// Parses `bytes` into a value.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, in UTF-8 or any encoding its XML declaration names.
    ///   - fileName: The name errors give for the input.
    /// - Returns: The value, or every problem found.
    static func parse(_ bytes: UnsafeRawBufferPointer, fileName: String?) -> Result<PropertyList, PropertyListError> {
        _ = initializeLibrary
        guard bytes.count <= PropertyListLimits.maxInputSize else {
            return .failure(PropertyListError(.tooLarge, file: fileName,
                "the file is \(bytes.count) bytes; prefs reads property lists of up to \(PropertyListLimits.maxInputSize) bytes"))
        }
        let format = PropertyListFormat(sniffing: bytes)
        guard format == .xml else {
            return .failure(PropertyListError(.unsupportedFormat, file: fileName, line: 1, format.refusal))
        }
        let parser = XMLPropertyListParser(fileName: fileName)
        return parser.run(bytes)
    }

    private func run(_ bytes: UnsafeRawBufferPointer) -> Result<PropertyList, PropertyListError> {
        guard let base = bytes.baseAddress, !bytes.isEmpty,
              let context = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
        else {
            return .failure(PropertyListError(.malformed, file: fileName, line: 1, "the document is empty"))
        }
        self.context = context
        defer {
            xmlFreeParserCtxt(context)
            self.context = nil
        }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
        installHandlers(on: context)

        let me = Unmanaged.passUnretained(self).toOpaque()
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(me, { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XMLPropertyListParser>.fromOpaque(userData).takeUnretainedValue().libraryReported(error.pointee)
        })
        prefs_xml_silence_generic_errors()
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }

        xmlParseDocument(context)

        if diagnostics.isEmpty, context.pointee.wellFormed == 0 {
            report(.malformed, "the document is not well-formed XML")
        }
        if diagnostics.isEmpty, result == nil {
            report(.invalid, "<plist> holds no value")
        }
        if let result, diagnostics.isEmpty { return .success(result) }
        return .failure(PropertyListError(firstCode ?? .invalid, diagnostics: diagnostics))
    }

    // MARK: SAX events

    private func installHandlers(on context: xmlParserCtxtPtr) {
        let sax = context.pointee.sax!
        // Start from nothing: the default SAX2 handlers build a tree and load external subsets.
        sax.pointee = xmlSAXHandler()
        sax.pointee.initialized = UInt32(XML_SAX2_MAGIC)
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()

        sax.pointee.internalSubset = { userData, name, publicID, systemID in
            parser(userData).handle { $0.doctype(name: name, publicID: publicID, systemID: systemID) }
        }
        sax.pointee.entityDecl = { userData, _, _, _, _, _ in parser(userData).handle { $0.declaration("an entity") } }
        sax.pointee.notationDecl = { userData, _, _, _ in parser(userData).handle { $0.declaration("a notation") } }
        sax.pointee.attributeDecl = { userData, _, _, _, _, _, tree in
            xmlFreeEnumeration(tree)
            parser(userData).handle { $0.declaration("an attribute list") }
        }
        sax.pointee.elementDecl = { userData, _, _, _ in parser(userData).handle { $0.declaration("an element") } }
        sax.pointee.unparsedEntityDecl = { userData, _, _, _, _ in parser(userData).handle { $0.declaration("an entity") } }
        sax.pointee.getEntity = { _, _ in nil }
        sax.pointee.getParameterEntity = { _, _ in nil }
        sax.pointee.reference = { userData, name in parser(userData).handle { $0.entityReference(name) } }
        sax.pointee.startElementNs = { userData, localName, prefix, _, namespaceCount, _, attributeCount, _, attributes in
            parser(userData).handle {
                $0.startElement(localName: localName, prefix: prefix, namespaceCount: namespaceCount,
                                attributeCount: attributeCount, attributes: attributes)
            }
        }
        sax.pointee.endElementNs = { userData, localName, prefix, _ in
            parser(userData).handle { $0.endElement(localName: localName, prefix: prefix) }
        }
        sax.pointee.characters = { userData, characters, count in parser(userData).handle { $0.characters(characters, count) } }
        sax.pointee.cdataBlock = { userData, characters, count in parser(userData).handle { $0.characters(characters, count) } }
        sax.pointee.ignorableWhitespace = { userData, characters, count in parser(userData).handle { $0.characters(characters, count) } }
    }

    /// Runs one SAX event's handler, then applies any stop it requested.
    private func handle(_ body: (XMLPropertyListParser) -> Void) {
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
        switch parent {
        case .plist, .container: break
        case .leaf, .ignored:
            frames.append(.ignored)
            return
        }
        switch element {
        case .array?, .dict?:
            containerDepth += 1
            if containerDepth > PropertyListLimits.maxNestingDepth {
                report(.tooLarge, "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs reads")
                stop()
            }
            frames.append(.container(Container(isDictionary: element == .dict)))
        case .key?: startLeaf(.key)
        case .string?: startLeaf(.string)
        case .integer?: startLeaf(.integer)
        case .real?: startLeaf(.real)
        case .date?: startLeaf(.date)
        case .data?: startLeaf(.data)
        case .true?: startLeaf(.boolean(true))
        case .false?: startLeaf(.boolean(false))
        case .plist?, nil: frames.append(.ignored)
        }
    }

    /// The vocabulary element `name` denotes. libxml2 interns names, so the same element comes
    /// back as the same pointer: a few remembered pointers spare comparing the bytes.
    private func elementName(_ name: UnsafePointer<xmlChar>) -> ElementName? {
        for (pointer, element) in knownNames where pointer == name { return element }
        let element = ElementName(name)
        if knownNames.count < 16 { knownNames.append((name, element)) }
        return element
    }

    private func startLeaf(_ leaf: Leaf) {
        text.removeAll(keepingCapacity: true)
        frames.append(.leaf(leaf))
    }

    private func endElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        if let localName, prefix == nil, let element = elementName(localName) {
            validator.pop(element, qualifiedName: localName)
        } else {
            validator.pop(Self.qualifiedName(localName, prefix))
        }
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .plist, .ignored:
            break
        case .container(let container):
            containerDepth -= 1
            if container.isDictionary {
                deliver(.dictionary(container.dictionary))
            } else {
                deliver(.array(container.array))
            }
        case .leaf(.key):
            if case .container(let container)? = frames.last, container.isDictionary, container.pendingKey == nil {
                container.pendingKey = String(decoding: text, as: UTF8.self)
            }
        case .leaf(let leaf):
            if let value = decode(leaf) { deliver(value) }
        }
    }

    private func characters(_ characters: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard let characters else { return }
        if case .leaf? = frames.last {
            text.append(contentsOf: UnsafeBufferPointer(start: characters, count: Int(count)))
        }
        validator.pushText(characters, count: count)
    }

    /// Hands a finished value to the element that holds it.
    private func deliver(_ value: PropertyList) {
        guard let parent = frames.last else { return }
        switch parent {
        case .plist:
            if result == nil { result = value }
        case .container(let container) where container.isDictionary:
            // A value without a key is a DTD error, reported by the validator.
            guard let key = container.pendingKey else { return }
            container.pendingKey = nil
            if container.dictionary.updateValue(value, forKey: key) != nil {
                report(.invalid, "the key \"\(Self.excerpt(key))\" appears twice in one <dict>")
            }
        case .container(let container):
            container.array.append(value)
        case .leaf, .ignored:
            break
        }
    }

    /// The value of a finished leaf element, or `nil` after reporting why its text is wrong.
    private func decode(_ leaf: Leaf) -> PropertyList? {
        switch leaf {
        case .key:
            return nil
        case .string:
            return .string(String(decoding: text, as: UTF8.self))
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
            switch ScalarText.base64(text[...]) {
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

/// The parser behind a SAX callback's user data.
private func parser(_ userData: UnsafeMutableRawPointer?) -> XMLPropertyListParser {
    Unmanaged<XMLPropertyListParser>.fromOpaque(userData!).takeUnretainedValue()
}
