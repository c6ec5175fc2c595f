import CLibXML2

/// Problems: libxml2's reports and the parser's own, each with the file and line, and stops.
extension XMLPropertyListParser {
    func libraryReported(_ error: xmlError) {
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

    var currentLine: Int {
        Int(prefs_xml_current_line(context))
    }

    func report(_ code: PropertyListError.Code, line: Int? = nil, _ message: String) {
        guard diagnostics.count < PropertyListLimits.maxDiagnostics else { return }
        if firstCode == nil { firstCode = code }
        diagnostics.append(PropertyListDiagnostic(file: fileName, line: line ?? currentLine, message: message))
        if diagnostics.count == PropertyListLimits.maxDiagnostics {
            diagnostics.append(
                PropertyListDiagnostic(
                    file: fileName, line: line ?? currentLine,
                    message: "too many problems; stopped after \(PropertyListLimits.maxDiagnostics)"))
            stop()
        }
    }

    /// Asks libxml2 to stop once the current SAX callback returns.
    ///
    /// Stopping frees the parser's input buffer, which the pointers a callback receives point
    /// into, so the stop is applied only after the callback is done with them.
    func stop() {
        stopRequested = true
    }

    /// Applies a stop requested during the callback that is returning now.
    func applyRequestedStop() {
        if stopRequested, let context, context.pointee.instate != XML_PARSER_EOF { xmlStopParser(context) }
    }

    func quoted(_ text: ArraySlice<UInt8>) -> String {
        String(decoding: text, as: UTF8.self).quotedForMessage(limit: 60)
    }

    static func qualifiedName(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) -> String {
        let local = localName.map { String(cString: $0) } ?? ""
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }
}
