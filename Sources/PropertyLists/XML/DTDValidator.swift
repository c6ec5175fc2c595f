import CLibXML2
import Synchronization

/// Validates a stream of elements against Apple's property list DTD with libxml2's push-mode
/// validator (`xmlValidatePushElement`, `xmlValidatePushCData`, `xmlValidatePopElement`).
///
/// The DTD is the copy embedded from `Schemas/PropertyList-1.0.dtd`, parsed from memory: the
/// document's own DOCTYPE is never resolved, and a document without one is validated all the
/// same. Problems are raised as libxml2 validity errors to the thread's structured error handler.
///
/// Each parse owns its validator: libxml2 builds content models lazily inside the DTD, so a
/// DTD must not be shared between threads. A parse that ends hands its validator back
/// (``recycle(_:)``) for the next parse to ``take()``: parsing the DTD and compiling its content
/// models costs as much as parsing a small file, which `validate` over a folder of small files
/// would otherwise pay per file. It is `@unchecked Sendable` for that hand-over alone: the pool
/// gives each validator to one parse at a time.
final class DTDValidator: @unchecked Sendable {
    /// Validators whose parse has ended, clean (no element open), ready for the next.
    private static let spares = Mutex<[DTDValidator]>([])
    /// The most validators kept: one per thread that parses at once is plenty.
    private static let maximumSpares = 4
    /// A validator that met more element names outside the plist vocabulary (a hostile or
    /// foreign document) is not kept, so the pool's memory stays small.
    private static let maximumForeignNames = 32

    /// A validator for one parse: a spare one, or a new one.
    static func take() -> DTDValidator {
        spares.withLock { $0.popLast() } ?? DTDValidator()
    }

    /// Hands back the validator of a parse that has ended, closing what it left open.
    static func recycle(_ validator: DTDValidator) {
        validator.discardOpenElements()
        validator.context.pointee.valid = 1
        guard validator.nodes.count <= maximumForeignNames else { return }
        spares.withLock { spares in
            if spares.count < maximumSpares { spares.append(validator) }
        }
    }

    private let document: xmlDocPtr
    private let dtd: xmlDtdPtr
    private let context: xmlValidCtxtPtr
    /// One node per element name: the validator keeps node pointers only to name them in
    /// messages, so a single node serves every element of that name. These are the names
    /// outside the plist vocabulary, met only in invalid documents.
    @exclusivity(unchecked) private var nodes: [String: xmlNodePtr] = [:]
    /// The nodes of the plist vocabulary, by ``ElementName/rawValue``, made with the validator:
    /// an array, so a valid document never hashes a `String` (the first `String`-keyed
    /// dictionary of a process costs the runtime a scan of every protocol conformance in the
    /// binary, a quarter of a small read's instructions).
    private let vocabularyNodes: [xmlNodePtr]

    /// Parses the embedded DTD.
    init() {
        let bytes = PackageResources.PropertyList_1_0_dtd
        let buffer = bytes.withUnsafeBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) {
                xmlParserInputBufferCreateMem($0.baseAddress, Int32($0.count), XML_CHAR_ENCODING_UTF8)
            }
        }
        guard let dtd = xmlIOParseDTD(nil, buffer, XML_CHAR_ENCODING_UTF8),
            let document = xmlNewDoc("1.0"),
            let context = xmlNewValidCtxt()
        else { fatalError("the embedded property list DTD does not parse") }
        document.pointee.extSubset = dtd
        dtd.pointee.doc = document
        self.document = document
        self.dtd = dtd
        self.context = context
        vocabularyNodes = ElementName.allCases.map { Self.newNode(named: $0.name, in: document) }
    }

    deinit {
        discardOpenElements()
        for node in nodes.values { xmlFreeNode(node) }
        for node in vocabularyNodes { xmlFreeNode(node) }
        xmlFreeValidCtxt(context)
        xmlFreeDoc(document)
    }

    /// Checks an element that starts here against its parent's content model.
    func push(_ name: String) {
        xmlValidatePushElement(context, document, node(named: name), name)
    }

    /// Checks an element of the plist vocabulary that starts here.
    ///
    /// - Parameter qualifiedName: libxml2's pointer to the element's name.
    func push(_ element: ElementName, qualifiedName: UnsafePointer<xmlChar>) {
        xmlValidatePushElement(context, document, node(for: element), qualifiedName)
    }

    /// Checks that an element of the plist vocabulary is complete, and closes it.
    func pop(_ element: ElementName, qualifiedName: UnsafePointer<xmlChar>) {
        xmlValidatePopElement(context, document, node(for: element), qualifiedName)
    }

    /// Checks character data against the content model of the innermost open element.
    func pushText(_ text: UnsafePointer<xmlChar>, count: Int32) {
        xmlValidatePushCData(context, text, count)
    }

    /// Checks that the innermost open element is complete, and closes it.
    func pop(_ name: String) {
        xmlValidatePopElement(context, document, node(named: name), name)
    }

    /// Closes the elements a stopped parse left open, so libxml2 frees their content-model
    /// state (`xmlFreeValidCtxt` does not). Errors this raises are dropped: the parse has
    /// already reported why it stopped.
    private func discardOpenElements() {
        guard context.pointee.vstateNr > 0 else { return }
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        let node = node(for: .plist)
        while context.pointee.vstateNr > 0 {
            xmlValidatePopElement(context, document, node, "plist")
        }
    }

    /// Whether the DTD declares `attribute` on `element`.
    func declares(attribute: String, on element: String) -> Bool {
        xmlGetDtdAttrDesc(dtd, element, attribute) != nil
    }

    private func node(for element: ElementName) -> xmlNodePtr {
        vocabularyNodes[element.rawValue]
    }

    private func node(named name: String) -> xmlNodePtr {
        if let node = nodes[name] { return node }
        let node = Self.newNode(named: name, in: document)
        nodes[name] = node
        return node
    }

    private static func newNode(named name: String, in document: xmlDocPtr) -> xmlNodePtr {
        guard let node = xmlNewDocNode(document, nil, name, nil) else { fatalError("libxml2 is out of memory") }
        return node
    }
}
