import PropertyLists

/// libFuzzer entry point: any bytes either read as a binary property list or are refused with
/// an error naming the input, and reading one key of the root agrees (the same entry, or the
/// same error); what reads must write in binary (or be refused as too large),
/// read back equal, and write byte-identically again. Inputs start with `bplist00` half the
/// time, so the fuzzer spends its effort past the magic number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.first.map({ $0 & 1 == 0 }) ?? false { bytes = Array("bplist00".utf8) + bytes.dropFirst() }
    let reader = BinaryPropertyListReader()
    let writer = BinaryPropertyListWriter()
    let value: PropertyList
    do {
        value = try reader.read(bytes, fileName: "fuzz")
    } catch {
        precondition(error.description.hasPrefix("fuzz: error: binary property list: "), "an error that does not name the input: \(error)")
        let oneKey = Result { () throws(PropertyListError) in try reader.read(bytes, fileName: "fuzz", rootKey: "a") }
        guard case .failure(let oneKeyError) = oneKey, oneKeyError.description == error.description else {
            preconditionFailure("reading one key does not fail as reading the whole file does: \(oneKey), not \(error)")
        }
        return 0
    }
    for key in (value.dictionaryValue?.keys.prefix(2) ?? []) + ["a"] {
        var expected = value
        if let root = value.dictionaryValue {
            var kept = PropertyListDictionary()
            kept[key] = root[key]
            expected = .dictionary(kept)
        }
        precondition((try? reader.read(bytes, fileName: "fuzz", rootKey: key)) == expected, "reading one key differs from the whole read")
    }
    // A graph of shared references can expand to millions of values; the unit tests cover
    // writing those, the fuzzer keeps to values it can write in a few milliseconds.
    guard expandedCount(value, budget: 100_000) != nil else { return 0 }
    let written: [UInt8]
    do {
        written = try writer.write(value)
    } catch {
        precondition(error.code == .tooLarge, "a value that read cannot be written: \(error)")
        return 0
    }
    guard let reread = try? reader.read(written) else { preconditionFailure("our own output does not read") }
    precondition(reread == value, "the round trip changed the value")
    precondition((try? writer.write(reread)) == written, "writing twice differs")
    return 0
}

/// The number of values in `value` once expanded, or `nil` beyond `budget`.
private func expandedCount(_ value: PropertyList, budget: Int) -> Int? {
    var count = 0
    var pending = [value]
    while let next = pending.popLast() {
        count += 1
        if count > budget { return nil }
        switch next {
        case .array(let elements): pending += elements
        case .dictionary(let dictionary): pending += dictionary.map(\.value)
        default: break
        }
    }
    return count
}
