import Patterns

/// libFuzzer entry point for `pfm_format`: the bytes before the first NUL are a pattern, the
/// rest a string. A pattern either compiles or is refused; a compiled one matches the string in
/// time linear in it, without a crash (libFuzzer's timeout and AddressSanitizer catch either).
/// Verdicts are compared with Swift `Regex` by PatternDifferentialTests and
/// PatternRandomTests, not here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let source = String(decoding: bytes[..<split], as: UTF8.self)
    let subject = String(decoding: bytes[min(split + 1, size)...], as: UTF8.self)
    // A refused pattern is an outcome as good as a compiled one; only a crash or a hang is not.
    guard let program = try? PatternProgram(compiling: source) else { return 0 }
    _ = program.matchesWhole(subject)
    return 0
}
