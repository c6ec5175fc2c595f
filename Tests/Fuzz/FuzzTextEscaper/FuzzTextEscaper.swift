import PropertyLists

/// libFuzzer entry point: any bytes, escaped as a field, hold no control character and decode
/// back (`printf '%b'`) to the very bytes; cut into pieces and printed through a
/// ``WorkflowCommandGuard`` (text, and annotations among them), they give no line that GitHub
/// Actions' runner reads as a command but the annotations, and no raw control character but
/// the line feed and the tab.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextEscaper(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let field = TextEscaper.field.escaped(bytes: bytes)
    precondition(!field.unicodeScalars.contains(where: TextEscaper.isControl), "a control character in the field \(field.debugDescription)")
    precondition(printfDecoded(field) == bytes, "the field \(field.debugDescription) does not decode back to \(bytes)")

    // Each 0xFF byte ends a piece; a piece that starts with 0xFE is an annotation's message.
    var guardian = WorkflowCommandGuard()
    var printed = ""
    var annotations = 0
    for piece in bytes.split(separator: 0xFF, omittingEmptySubsequences: false) {
        let text = String(decoding: piece, as: UTF8.self)
        if piece.first == 0xFE {
            printed += guardian.annotation("::error file=f::" + TextEscaper.line.escaped(String(text.dropFirst())))
            annotations += 1
        } else {
            printed += guardian.guarded(text, as: .text)
        }
    }
    var commands = 0
    for line in printed.unicodeScalars.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
        let trimmed = String(String.UnicodeScalarView(line.drop(while: \.properties.isWhitespace)))
        if trimmed.hasPrefix("::") {
            precondition(trimmed.hasPrefix("::error file=f::"), "a workflow command: \(trimmed.debugDescription)")
            commands += 1
        } else {
            precondition(!trimmed.contains("##["), "an old-style workflow command: \(trimmed.debugDescription)")
        }
    }
    precondition(commands == annotations, "\(annotations) annotations printed, \(commands) read:\n\(printed.debugDescription)")
    precondition(
        !printed.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && TextEscaper.isControl($0) },
        "a raw control character in \(printed.debugDescription)")
    return 0
}

/// `printf '%b'`'s decoding of the escapes ``TextEscaper`` writes, to bytes.
private func printfDecoded(_ text: String) -> [UInt8] {
    var output: [UInt8] = []
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        guard scalar == "\\", let escape = scalars.popFirst() else {
            output += Array(String(scalar).utf8)
            continue
        }
        switch escape {
        case "n": output.append(0x0A)
        case "t": output.append(0x09)
        case "r": output.append(0x0D)
        case "x", "u":
            let digits = String(String.UnicodeScalarView(scalars.prefix(escape == "x" ? 2 : 4)))
            scalars = scalars.dropFirst(digits.unicodeScalars.count)
            guard let value = UInt32(digits, radix: 16) else { preconditionFailure("a bad escape in \(text.debugDescription)") }
            output += escape == "x" ? [UInt8(value)] : Array(String(Unicode.Scalar(value)!).utf8)
        default: output += Array(String(escape).utf8)
        }
    }
    return output
}
