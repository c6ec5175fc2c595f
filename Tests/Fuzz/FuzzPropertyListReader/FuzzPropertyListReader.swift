import PropertyLists

/// libFuzzer entry point: any bytes either read as a property list or are refused with an error;
/// validating and reading one key refuse exactly what a full read refuses, with the same
/// diagnostics; what reads must write canonically, read back equal, and write byte-identically
/// again; and a document found canonical must be what the writer writes, and splice an entry
/// into exactly what the writer writes for the changed dictionary.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyListReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Binary files read through their own reader and are fuzzed by FuzzBinaryReader; validate
    // takes XML only.
    if PropertyListFormat(sniffing: bytes) == .binary { return 0 }
    let reader = PropertyListReader()
    let writer = PropertyListWriter()
    let value: PropertyList
    let validation = Result { () throws(PropertyListError) in try reader.validate(bytes, fileName: "fuzz") }
    let oneKey = Result { () throws(PropertyListError) in try reader.read(bytes, fileName: "fuzz", rootKey: "a") }
    do {
        value = try reader.read(bytes, fileName: "fuzz")
    } catch {
        precondition(!error.diagnostics.isEmpty, "an error without a diagnostic")
        guard case .failure(let validationError) = validation, case .failure(let oneKeyError) = oneKey else {
            preconditionFailure("validate or read(rootKey:) accepted what read refused")
        }
        precondition(validationError.diagnostics == error.diagnostics, "validate reported other problems")
        precondition(oneKeyError.diagnostics == error.diagnostics, "read(rootKey:) reported other problems")
        return 0
    }
    guard case .success = validation, case .success(let partial) = oneKey else {
        preconditionFailure("validate or read(rootKey:) refused what read accepted")
    }
    if case .dictionary(let dictionary) = value {
        precondition(partial == .dictionary(dictionary["a"].map { ["a": $0] } ?? [:]), "read(rootKey:) built another entry")
    } else {
        precondition(partial == value, "read(rootKey:) changed a root that is not a dictionary")
    }
    let written: [UInt8]
    do {
        written = try writer.write(value)
    } catch {
        preconditionFailure("a value that read cannot be written: \(error)")
    }
    guard let reread = try? reader.read(written) else { preconditionFailure("our own output does not read") }
    precondition(reread == value, "the round trip changed the value")
    precondition((try? writer.write(reread)) == written, "writing twice differs")
    checkSplice(bytes, value: value, written: written)
    return 0
}

/// The splice-write invariants: the input is found canonical only when it is the writer's own
/// text, the writer's text always is, and replacing, adding or removing the entry `a` gives the
/// writer's bytes for the changed dictionary.
func checkSplice(_ bytes: [UInt8], value: PropertyList, written: [UInt8]) {
    guard case .dictionary(let dictionary) = value else {
        precondition(CanonicalXMLDocument(written, entryKey: "a") == nil, "a root that is no dictionary was found canonical")
        return
    }
    if CanonicalXMLDocument(bytes, entryKey: "a") != nil {
        precondition(bytes == written, "a document the writer would write otherwise was found canonical")
    }
    guard let document = CanonicalXMLDocument(written, entryKey: "a") else { preconditionFailure("the writer's own text is not canonical") }
    for entry in [PropertyList.string("spliced <&>"), .array([.integer(PropertyListInteger(1)), .bool(true)]), nil] {
        var changed = dictionary
        changed["a"] = entry
        var spliced: [UInt8] = []
        do {
            try document.write(entryValue: entry) { (piece) throws(PropertyListError) in spliced += piece }
        } catch {
            preconditionFailure("a splice of a small entry failed: \(error)")
        }
        precondition(spliced == (try? PropertyListWriter().write(.dictionary(changed))), "a splice differs from the whole rewrite")
    }
}
