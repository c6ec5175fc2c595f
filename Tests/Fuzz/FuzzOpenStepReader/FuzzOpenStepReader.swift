import PropertyLists

/// libFuzzer entry point: any text either reads as old-style or is refused with an error naming
/// the input and a line; what reads must write, and the written text must read back as the same
/// value (numbers, Booleans and dates in GNUstep's typed forms, reals to the bit), write again
/// to the same text, and read as old-style when its format is told by content; a dictionary
/// written as a `.strings` file reads back as the same value too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenStepReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let reader = OpenStepReader()
    let writer = OpenStepWriter()
    let value: PropertyList
    do {
        value = try reader.read(text, fileName: "fuzz")
    } catch {
        precondition(
            error.diagnostics.count == 1 && error.diagnostics[0].file == "fuzz" && error.diagnostics[0].line != nil,
            "an error without the input and line: \(error)")
        return 0
    }
    let written: String
    do {
        written = try writer.write(value)
    } catch {
        preconditionFailure("a value that read cannot be written: \(error)")
    }
    let reread: PropertyList
    do {
        reread = try reader.read(written)
    } catch {
        preconditionFailure("our own output does not read: \(error)\n\(written)")
    }
    precondition(reread == value, "the round trip changed the value:\n\(written)")
    precondition((try? writer.write(reread)) == written, "writing the reread value differs:\n\(written)")
    if case .dictionary(let dictionary) = value {
        guard let strings = try? writer.write(stringsFile: dictionary), (try? reader.read(strings)) == value else {
            preconditionFailure("a dictionary does not survive a .strings file")
        }
    }
    guard
        case .success(let detected) = Result(catching: { () throws(PropertyListError) in
            try PropertyListReader().read(anyFormat: Array(written.utf8))
        })
    else { preconditionFailure("our own output is not told apart by content:\n\(written)") }
    precondition(detected.format == .openStep || detected.format == .json, "our output read as \(detected.format)")
    return 0
}
