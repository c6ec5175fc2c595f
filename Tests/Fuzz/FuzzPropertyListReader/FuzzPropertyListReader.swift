import PropertyLists

/// libFuzzer entry point: any bytes either read as a property list or are refused with an error;
/// what reads must write canonically, read back equal, and write byte-identically again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyListReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reader = PropertyListReader()
    let writer = PropertyListWriter()
    let value: PropertyList
    do {
        value = try reader.read(bytes, fileName: "fuzz")
    } catch {
        precondition(!error.diagnostics.isEmpty, "an error without a diagnostic")
        return 0
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
    return 0
}
