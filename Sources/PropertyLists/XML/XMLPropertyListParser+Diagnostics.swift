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
        guard let problem = LibraryProblem(error) else { return }
        if problem.isValidity || error.line <= 0 {
            report(problem.code, problem.message)
        } else {
            report(problem.code, at: (Int(error.line), error.int2 > 0 ? Int(error.int2) : nil), problem.message)
        }
    }

    var currentLine: Int {
        Int(prefs_xml_current_line(context))
    }

    /// Where the tag the parser is in or has just read starts: its line and the column of its `<`.
    var tagPosition: (line: Int, column: Int?) {
        let column = Int(prefs_xml_tag_column(context))
        return (currentLine, column > 0 ? column : nil)
    }

    /// Where the text of the leaf being checked starts: the character after its start tag.
    var valuePosition: (line: Int, column: Int?) { Self.textPosition(valueStart) }

    /// Where the text of a leaf starts, from the line and column of the `>` of its start tag.
    static func textPosition(_ start: (line: Int32, column: Int32)) -> (line: Int, column: Int?) {
        (Int(start.line), start.column > 0 ? Int(start.column) + 1 : nil)
    }

    /// Records a problem at `position` (by default, the tag the parser is at), and stops the
    /// parse after ``PropertyListLimits/maxDiagnostics`` of them.
    func report(_ code: PropertyListError.Code, at position: (line: Int, column: Int?)? = nil, _ message: String) {
        guard diagnostics.count < PropertyListLimits.maxDiagnostics else { return }
        if firstCode == nil { firstCode = code }
        let (line, column) = position ?? tagPosition
        diagnostics.append(PropertyListDiagnostic(file: fileName, line: line, column: column, code: code, message: message))
        if diagnostics.count == PropertyListLimits.maxDiagnostics {
            diagnostics.append(
                PropertyListDiagnostic(
                    file: fileName, line: line, column: column, code: code,
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
