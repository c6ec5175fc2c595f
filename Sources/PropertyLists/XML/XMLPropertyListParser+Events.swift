import CLibXML2

/// The SAX events: libxml2 calls these as the document streams, through the C callbacks of
/// ``handlers``.
extension XMLPropertyListParser {
    // Arrays, not sets: see DTDValidator's vocabulary nodes for what a Set<String> costs.
    private static let acceptedPublicIDs: [String] = [
        "-//Apple//DTD PLIST 1.0//EN", "-//Apple Computer//DTD PLIST 1.0//EN"
    ]
    private static let acceptedSystemIDs: [String] = [
        "http://www.apple.com/DTDs/PropertyList-1.0.dtd", "https://www.apple.com/DTDs/PropertyList-1.0.dtd",
        "file://localhost/System/Library/DTDs/PropertyList.dtd"
    ]

    /// The SAX callbacks, each forwarding to the parser in the user data. Everything else is
    /// left out: the default SAX2 handlers build a tree and load external subsets.
    static var handlers: xmlSAXHandler {
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
                $0.startElement(
                    localName: localName, prefix: prefix, namespaceCount: namespaceCount,
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

    /// Runs one SAX event's handler, then applies any stop it requested, and after the input
    /// has ended, stops libxml2 asking for more (see `prefs_xml_stop_reading_ended_input`).
    fileprivate func handle(_ body: (XMLPropertyListParser) -> Void) {
        body(self)
        if inputEnded {
            inputEnded = false
            prefs_xml_stop_reading_ended_input(context)
        }
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
            report(
                .forbidden,
                "the DOCTYPE names the DTD \(publicID.quotedForMessage(limit: 60)); prefs validates against Apple's plist DTD (-//Apple//DTD PLIST 1.0//EN) only"
            )
            stop()
        } else if publicID == nil, let systemID = systemID.map({ String(cString: $0) }), !Self.acceptedSystemIDs.contains(systemID) {
            report(
                .forbidden,
                "the DOCTYPE names the external DTD \(systemID.quotedForMessage(limit: 60)); prefs never loads external DTDs and validates against Apple's plist DTD only"
            )
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

    private func startElement(
        localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, namespaceCount: Int32,
        attributeCount: Int32, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        guard let localName else { return }
        let element = prefix == nil ? ElementName(localName) : nil
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
                    report(.invalid, "<\(name)> does not take the attribute \(attribute.quotedForMessage(limit: 60))")
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
        case .container(let container): builds = container._withUnsafeGuaranteedRef(\.buildsNextValue)
        case .leaf, .ignored:
            frames.append(.ignored)
            return
        }
        let path = lines == nil || element == .key ? nil : recordLine(under: parent)
        switch element {
        case .array?, .dict?:
            containerDepth += 1
            if containerDepth > PropertyListLimits.maxNestingDepth {
                report(.tooLarge, "arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels, the most prefs reads")
                stop()
            }
            var keptKey: [UInt8]?
            var handsOnEntries = false
            if case .plist = parent, element == .dict {
                if case .rootKey(let key) = retention { keptKey = key }
                handsOnEntries = retention == .rootEntries
            }
            let container = Container(
                isDictionary: element == .dict, builds: builds, keptKey: keptKey, handsOnEntries: handsOnEntries,
                keys: spareKeySets.popLast() ?? KeySet())
            if let path { container.path = path }
            openContainers.append(container)
            frames.append(.container(Unmanaged.passUnretained(container)))
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
        guard case .container(let reference) = parent else {
            lines?.record([], line: currentLine)
            return []
        }
        let container = reference.takeUnretainedValue()
        let path = container.path + [container.isDictionary ? container.pendingKey ?? "" : String(container.array.count)]
        lines?.record(path, line: currentLine)
        return path
    }

    private func startLeaf(_ leaf: Leaf, builds: Bool) {
        text.removeAll()
        switch leaf {
        case .integer, .real, .date, .data, .key: valueStart = (prefs_xml_current_line(context), prefs_xml_current_column(context))
        case .string, .boolean: break
        }
        // A skipped <string> needs no text; every other leaf's text is checked or kept.
        if case .string = leaf { collectsText = builds } else { collectsText = true }
        frames.append(.leaf(leaf, builds: builds))
    }

    private func endElement(localName: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) {
        if let localName, prefix == nil, let element = frames.last?.element ?? ElementName(localName) {
            validator.pop(element, qualifiedName: localName)
        } else {
            validator.pop(Self.qualifiedName(localName, prefix))
        }
        if brokenContentLevels.last == frames.count { brokenContentLevels.removeLast() }
        guard let frame = frames.popLast() else { return }
        switch frame {
        case .plist, .ignored:
            break
        case .container:
            let container = openContainers.removeLast()
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
            guard case .container(let container)? = frames.last else { break }
            container._withUnsafeGuaranteedRef { finishKey(in: $0) }
        case .leaf(let leaf, let builds):
            if let value = decode(leaf, building: builds) { finishValue(builds ? value : nil) }
        }
        collectsText = false
    }

    /// Gives the text of a `<key>` that just closed to the dictionary that holds it.
    private func finishKey(in container: Container) {
        guard container.isDictionary else { return }
        container.keyStart = valueStart
        if container.tracksKeys {
            container.keys.stage(text.bytes)
        } else if container.pendingKey == nil {
            let key = String(decoding: text.bytes, as: UTF8.self)
            container.pendingKey = key
            lines?.record(container.path + [key], line: currentLine)
        }
    }

    private func characters(_ characters: UnsafePointer<xmlChar>?, _ count: Int32) {
        guard let characters else { return }
        if collectsText {
            text.append(characters, count: Int(count))
        }
        validator.pushText(characters, count: count)
    }
}

/// Runs a SAX callback's `body` on the parser behind its user data, which libxml2 holds
/// unretained for the length of the parse (so no retain and release per event).
private func withParser(_ userData: UnsafeMutableRawPointer?, _ body: (XMLPropertyListParser) -> Void) {
    Unmanaged<XMLPropertyListParser>.fromOpaque(userData!)._withUnsafeGuaranteedRef { $0.handle(body) }
}
