import CLibXML2

/// A problem libxml2 raised, told in prefs' words: libxml2's own text ("Opening and ending tag
/// mismatch: string line 5 and strin") is written for libxml2's developers, so each code a
/// property list can meet gets a message that says what is wrong with the file and, where it
/// helps, how to fix it.
///
/// The fields come from libxml2's structured error (`xmlError`): `code`, `domain`, `str1`,
/// `int1` and `int2` (the column, for the parser's own errors).
struct LibraryProblem {
    /// Whether the problem breaks well-formedness (``PropertyListError/Code/malformed``) or the
    /// DTD (``PropertyListError/Code/invalid``), or is libxml2 out of memory, a system limit
    /// (``PropertyListError/Code/systemLimit``) that says nothing about the file.
    let code: PropertyListError.Code
    /// What is wrong, in prefs' words.
    let message: String
    /// Whether the DTD validator raised it (it gives no line or column of its own).
    let isValidity: Bool

    /// The problem `error` reports; `nil` for one prefs reports itself in its own words
    /// (namespaces, which property lists do not use).
    init?(_ error: xmlError) {
        isValidity = error.domain == Int32(XML_FROM_VALID.rawValue)
        if error.domain == Int32(XML_FROM_NAMESPACE.rawValue) { return nil }
        code = error.code == Int32(XML_ERR_NO_MEMORY.rawValue) ? .systemLimit : isValidity ? .invalid : .malformed
        let first = error.str1.map { String(cString: $0) }
        let second = error.str2.map { String(cString: $0) }
        let original = error.message.map { String(cString: $0) } ?? ""
        message =
            isValidity
            ? Self.validityMessage(error.code, element: first ?? "", child: second, original: original)
            : Self.parserMessage(error.code, name: first, other: second, number: Int(error.int1), original: original)
    }

    /// The message of a problem with the DTD's content models.
    private static func validityMessage(_ code: Int32, element: String, child: String?, original: String) -> String {
        switch UInt32(code) {
        case XML_DTD_CONTENT_MODEL.rawValue:
            if let child {
                let isValue = ElementName.valueNames.contains(child)
                switch element {
                case "dict" where child == "key": return "a <key> follows a <key> that has no value"
                case "dict" where isValue: return "<\(child)> in a <dict> needs a <key> before it"
                case "plist" where isValue: return "<plist> holds more than one value; <\(child)> is a second one"
                case _ where child == "key": return "<key> belongs in a <dict>, not in <\(element)>"
                default: return "<\(child)> is not allowed inside <\(element)>"
                }
            }
            if original.contains("Text not allowed") { return "text is not allowed directly inside <\(element)>, only elements" }
            switch element {
            case "dict": return "the <dict> ends after a <key> that has no value"
            case "plist": return "<plist> holds no value"
            default: return "<\(element)> is missing elements the property list DTD requires"
            }
        case XML_DTD_UNKNOWN_ELEM.rawValue:
            return "<\(element)> is not an element of property lists (\(ElementName.allCases.map(\.name).joined(separator: ", ")))"
        case XML_DTD_NOT_EMPTY.rawValue:
            return "<\(element)> must be empty, as in <\(element)/>"
        default:
            return "<\(element)> breaks the property list DTD (libxml2 validity error \(code))"
        }
    }

    /// The messages of the parser's problems that name no element, line or character, by
    /// libxml2 code (several codes of one problem share a message).
    private static let parserMessages: [UInt32: String] = {
        let messages: [([xmlParserErrors], String)] = [
            ([XML_ERR_DOCUMENT_END], "more follows the end of the root element; a property list is one <plist> element"),
            ([XML_ERR_DOCUMENT_EMPTY], "no element starts here: a property list is an XML document with one <plist> element"),
            ([XML_ERR_NAME_REQUIRED], "a name must follow < or & here; in text, write < as &lt; and & as &amp;"),
            ([XML_ERR_ENTITYREF_SEMICOL_MISSING], "an & starts a reference that has no closing semicolon; in text, write & as &amp;"),
            (
                [XML_ERR_INVALID_DEC_CHARREF, XML_ERR_INVALID_HEX_CHARREF, XML_ERR_INVALID_CHARREF],
                "a character reference (&#…; or &#x…;) has a character that is not a digit"
            ),
            ([XML_ERR_INVALID_ENCODING], "the text is not in the encoding the XML declaration or byte order mark names"),
            ([XML_ERR_ATTRIBUTE_NOT_STARTED], "an attribute's value must be in quotes"),
            ([XML_ERR_ATTRIBUTE_NOT_FINISHED], "an attribute's value has no closing quote"),
            ([XML_ERR_LT_IN_ATTRIBUTE], "an attribute's value holds <; write it as &lt;"),
            ([XML_ERR_EQUAL_REQUIRED], "an attribute's name must be followed by = and its value"),
            ([XML_ERR_SPACE_REQUIRED], "the tag is malformed here (a space, attribute or > is missing)"),
            ([XML_ERR_LTSLASH_REQUIRED], "an end tag </…> is missing"),
            ([XML_ERR_MISPLACED_CDATA_END], "]]> may not appear in text; write it as ]]&gt;"),
            ([XML_ERR_CDATA_NOT_FINISHED], "a CDATA section is not closed with ]]>"),
            ([XML_ERR_COMMENT_NOT_FINISHED], "a comment is not closed with -->"),
            ([XML_ERR_HYPHEN_IN_COMMENT], "-- may not appear inside a comment"),
            ([XML_ERR_PI_NOT_FINISHED, XML_ERR_PI_NOT_STARTED], "a processing instruction <?… is not closed with ?>"),
            ([XML_ERR_RESERVED_XML_NAME], "an XML declaration <?xml …?> may only come first in the file"),
            ([XML_ERR_XMLDECL_NOT_STARTED, XML_ERR_XMLDECL_NOT_FINISHED], "the XML declaration is not closed with ?>"),
            ([XML_ERR_VERSION_MISSING], "the XML declaration has no version (<?xml version=\"1.0\" …?>)"),
            ([XML_ERR_STRING_NOT_STARTED, XML_ERR_STRING_NOT_CLOSED], "a quoted value in a declaration is not closed by its quote"),
            ([XML_ERR_DOCTYPE_NOT_FINISHED], "the DOCTYPE is not closed with >"),
            ([XML_ERR_NO_MEMORY], "libxml2 ran out of memory (a system limit: raise ulimit -v or ulimit -d)")
        ]
        return Dictionary(uniqueKeysWithValues: messages.flatMap { codes, message in codes.map { ($0.rawValue, message) } })
    }()

    /// The message of a problem with well-formedness; `name`, `other` and `number` are
    /// libxml2's `str1`, `str2` and `int1`, which for most codes name an element and a line.
    private static func parserMessage(_ code: Int32, name: String?, other: String?, number: Int, original: String) -> String {
        if let message = parserMessages[UInt32(code)] { return message }
        let element = name ?? "?"
        switch UInt32(code) {
        case XML_ERR_TAG_NAME_MISMATCH.rawValue:
            return "</\(other ?? "?")> does not close <\(element)>, opened on line \(number)"
        case XML_ERR_TAG_NOT_FINISHED.rawValue:
            return "the file ends before <\(element)>, opened on line \(number), is closed"
        case XML_ERR_GT_REQUIRED.rawValue:
            return "the start tag of <\(element)> does not end with >"
        case XML_ERR_UNDECLARED_ENTITY.rawValue:
            return "entity reference &\(element); is not allowed in a property list (only &amp; &lt; &gt; &quot; &apos; and character references are)"
        case XML_ERR_INVALID_CHAR.rawValue:
            if name != nil || original.contains("UTF-8") { return "the bytes here are not UTF-8, nor the encoding the XML declaration names" }
            if original.contains("CharRef") { return "a character reference names a character that XML does not allow" }
            let digits = String(number, radix: 16, uppercase: true)
            return "the character U+\(digits.leftPadded(4)) is not allowed in XML"
        case XML_ERR_UNKNOWN_ENCODING.rawValue, XML_ERR_UNSUPPORTED_ENCODING.rawValue:
            return "the XML declaration names the encoding \(element.quotedForMessage(limit: 60)), which prefs does not read; property lists are UTF-8"
        case XML_ERR_ATTRIBUTE_WITHOUT_VALUE.rawValue:
            return "the attribute \(element.quotedForMessage(limit: 60)) has no value"
        case XML_ERR_ATTRIBUTE_REDEFINED.rawValue:
            return "the attribute \(element.quotedForMessage(limit: 60)) is given twice"
        default:
            return "this is not well-formed XML (libxml2 error \(code))"
        }
    }
}
