import Patterns

/// libFuzzer entry point for `pfm_format`: the bytes before the first NUL are a pattern, each
/// NUL-separated part after it a string of one document. A pattern either compiles or is
/// refused; a compiled one matches the strings, one matcher for all as a manifest check does,
/// in time linear in them, without a crash (libFuzzer's timeout and AddressSanitizer catch
/// either), and gives each string the verdict it gets alone wherever both decide (the
/// document's work limit may leave a later string undecided). Verdicts are compared with Swift
/// `Regex` by PatternDifferentialTests and PatternRandomTests, not here.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let parts = UnsafeBufferPointer(start: data, count: size).split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let source = String(decoding: parts[0], as: UTF8.self)
    let subjects = parts.count > 1 ? parts[1].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) } : [""]
    // A refused pattern is an outcome as good as a compiled one; only a crash or a hang is not.
    guard let program = try? PatternProgram(compiling: source) else { return 0 }
    var matcher = PatternMatcher(program)
    var work = PatternWork()
    for (index, subject) in subjects.enumerated() {
        guard let verdict = matcher.matchesWhole(subject, work: &work) else { continue }
        // Alone, each string has the whole allowance, so only the first few are matched alone:
        // all of them would cost the allowance per string, the cost the matcher takes away.
        if index < 4, let alone = program.matchesWhole(subject) {
            precondition(verdict == alone, "a string's verdict depends on the strings before it")
        }
    }
    return 0
}
