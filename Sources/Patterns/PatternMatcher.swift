/// Matches the strings of one document against a ``PatternProgram``, keeping the states of
/// the deterministic automaton (``PatternDFA``) that each string builds for the strings after
/// it, as RE2 keeps its lazily built automaton between searches.
///
/// The program's own automaton, with the states built when it was compiled, is shared by
/// every matcher and never changes; a matcher copies it the first time one of its strings
/// needs a state it lacks, then adds to its copy. A thousand short strings then build each
/// state once, not once per string, and a match costs a table look-up per byte once the
/// states its strings visit are built. The copy is bounded as the automaton is
/// (``PatternDFA/maximumStates``), so a matcher's memory is bounded by its program.
///
/// ```swift
/// var matcher = PatternMatcher(program)
/// var work = PatternWork()
/// let verdicts = strings.map { matcher.matchesWhole($0, work: &work) }
/// ```
package struct PatternMatcher: Sendable {
    /// The program matched.
    package let program: PatternProgram
    /// The program's automaton and the states this matcher's strings added; `nil` for a
    /// program that matches nothing.
    private var automaton: PatternDFA?
    /// Whether the work limit holds the program's instructions' part yet.
    private var isCounted = false

    /// A matcher of `program` that has matched no string yet.
    package init(_ program: PatternProgram) {
        self.program = program
        automaton = program.dfa
    }

    /// Whether all of `string`, scalar by scalar, matches; `nil` when deciding it would take
    /// `work` past its limit, to which the first string adds
    /// ``PatternProgram/workPerInstruction`` units per instruction of the program and each
    /// string ``PatternProgram/workPerByte`` per byte of its own.
    ///
    /// The string steps the automaton, each new state costing the instructions it lists and
    /// each step after that a table or hash look-up. When the automaton would grow past its
    /// bounds, the rest of the string is simulated Pike-VM style: the set of instructions the
    /// match may be at is carried from one scalar to the next, each instruction at most once
    /// per position, at a cost of the instructions live at each scalar. Either way the work
    /// is counted, so a program that keeps hundreds of alternatives open over a long string
    /// (`(.*a){1000}` on a megabyte of `a`, or `.*a.{500}`, whose automaton would need 2^500
    /// states) is stopped at the limit, in time linear in the string, instead of running for
    /// seconds.
    ///
    /// - Complexity: O(*n*) in the length of `string`, for every program; over many strings,
    ///   O(*n*) in their total length plus the program's size once.
    package mutating func matchesWhole(_ string: String, work: inout PatternWork) -> Bool? {
        guard automaton != nil else { return false }
        if !isCounted {
            work.limit += PatternProgram.workPerInstruction * program.instructions.count
            isCounted = true
        }
        var string = string
        return string.withUTF8 { bytes in
            work.limit += PatternProgram.workPerByte * bytes.count
            return matchesWhole(bytes, work: &work)
        }
    }

    private mutating func matchesWhole(_ bytes: UnsafeBufferPointer<UInt8>, work: inout PatternWork) -> Bool? {
        // `\Z` looks at the last scalar, so the automaton stops before the last two.
        let stop = program.testsFinalNewline ? PatternProgram.startOfLastTwoScalars(bytes) : bytes.count
        // Read in place; the automaton is copied only when a state must be added.
        var (state, offset) = automaton!.walk(bytes, from: 0, at: 0, to: stop)
        guard state != Int(PatternDFA.dead) else { return false }
        while offset < stop {
            let (scalar, length) = PatternProgram.scalar(in: bytes, at: offset)
            let next: Int32?
            if scalar.isASCII {
                let byteClass = Int(automaton!.byteClasses[Int(scalar.value)])
                next = automaton!.ascii(from: state, byteClass: byteClass, work: &work.done)
            } else {
                next = automaton!.nonASCII(from: state, scalar: scalar, work: &work.done)
            }
            guard let next else { break }
            guard next != PatternDFA.dead else { return false }
            guard work.isWithinLimit else { return nil }
            (state, offset) = automaton!.walk(bytes, from: Int(next), at: offset + length, to: stop)
            guard state != Int(PatternDFA.dead) else { return false }
        }
        if offset == bytes.count { return automaton!.accepting[state] }
        // At the start, `\Z` may hold already (a string of one newline): simulated afresh.
        return program.simulate(bytes, from: offset, threads: offset == 0 ? nil : automaton!.threads[state], work: &work)
    }
}
