import Patterns

/// libFuzzer entry point for `pfm_format`: the bytes before the first NUL are a pattern, the
/// rest a string. A pattern either compiles or is refused; a compiled one matches the string in
/// time linear in it (libFuzzer's timeout catches one that does not), and gives the same verdict
/// to the string twice, since a match's work depends on the program and the string alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let source = String(decoding: bytes[..<split], as: UTF8.self)
    let subject = String(decoding: bytes[min(split + 1, size)...], as: UTF8.self)
    guard let program = try? PatternProgram(compiling: source) else { return 0 }
    let verdict = program.matchesWhole(subject)
    precondition(program.matchesWhole(subject) == verdict, "two matches of one string disagree")
    return 0
}
