extension PatternProgram {
    /// The work a match may do for each byte of the string, on top of ``workAllowance`` and
    /// ``workPerInstruction``: a step of the automaton, an instruction looked at to build a
    /// state, or a thread followed by simulation is one unit.
    static let workPerByte = 128
    /// The work a match may do for each instruction of the program, however short the string:
    /// building a state looks at each instruction a few times, so this builds hundreds of the
    /// largest states.
    static let workPerInstruction = 2_048
    /// The work every match may do.
    static let workAllowance = 1 << 20

    /// Whether all of `string`, scalar by scalar, matches; `nil` when deciding it would take
    /// more than ``workAllowance``, plus ``workPerInstruction`` units per instruction of the
    /// program, plus ``workPerByte`` per byte of the string.
    ///
    /// The string steps the deterministic automaton (``PatternDFA``), whose states a long
    /// string reuses: each new state costs the instructions it lists, each step after that a
    /// table or hash look-up. When the automaton would grow past its bounds, the rest of the
    /// string is simulated Pike-VM style: the set of instructions the match may be at is
    /// carried from one scalar to the next, each instruction at most once per position, at a
    /// cost of the instructions live at each scalar. Either way the work is counted, so a
    /// program that keeps hundreds of alternatives open over a long string (`(.*a){1000}` on
    /// a megabyte of `a`, or `.*a.{500}`, whose automaton would need 2^500 states) is
    /// stopped at the limit, in time linear in the string, instead of running for seconds.
    ///
    /// - Complexity: O(*n*) in the length of `string`, for every program.
    package func matchesWhole(_ string: String) -> Bool? {
        guard dfa != nil else { return false }
        var string = string
        return string.withUTF8 { bytes -> Bool? in
            // `\Z` looks at the last scalar, so the automaton stops before the last two.
            let stop = testsFinalNewline ? Self.startOfLastTwoScalars(bytes) : bytes.count
            // The states built when the program was compiled, read in place: most strings
            // need no other, and then the automaton is not copied.
            var (state, offset) = dfa!.walk(bytes, from: 0, at: 0, to: stop)
            guard state != Int(PatternDFA.dead) else { return false }
            if offset == bytes.count { return dfa!.accepting[state] }
            var dfa = self.dfa!
            let limit = Self.workAllowance + Self.workPerInstruction * instructions.count + Self.workPerByte * bytes.count
            var work = 0
            while offset < stop {
                let (scalar, length) = Self.scalar(in: bytes, at: offset)
                let next =
                    scalar.isASCII
                    ? dfa.ascii(from: state, byteClass: Int(dfa.byteClasses[Int(scalar.value)]), work: &work)
                    : dfa.nonASCII(from: state, scalar: scalar, work: &work)
                guard let next else { break }
                guard next != PatternDFA.dead else { return false }
                guard work <= limit else { return nil }
                (state, offset) = dfa.walk(bytes, from: Int(next), at: offset + length, to: stop)
                guard state != Int(PatternDFA.dead) else { return false }
            }
            if offset == bytes.count { return dfa.accepting[state] }
            // At the start, `\Z` may hold already (a string of one newline): simulated afresh.
            return simulate(bytes, from: offset, threads: offset == 0 ? nil : dfa.threads[state], work: work, limit: limit)
        }
    }

    /// Whether the scalars of `bytes` from `offset` match from the instructions `threads`
    /// live before them (from the first instruction at the start of the string when `nil`);
    /// `nil` when `work` would pass `limit`.
    private func simulate(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, threads: [Int]?, work: Int, limit: Int) -> Bool? {
        let count = instructions.count
        return instructions.withUnsafeBufferPointer { program in
            classes.withUnsafeBufferPointer { classes in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + classes.count + 2) { buffer in
                    var simulation = PatternThreads(
                        program: program, buffer: buffer.baseAddress!, count: count, classCount: classes.count, work: work, limit: limit)
                    return simulation.run(UTF8Scalars(bytes: bytes, offset: offset), from: threads, classes: classes)
                }
            }
        }
    }

    /// The scalar that starts at `offset` of valid UTF-8, and its length in bytes.
    @inline(__always)
    fileprivate static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[offset])
        let (value, length): (UInt32, Int)
        switch lead {
        case ..<0x80: (value, length) = (lead, 1)
        case ..<0xE0: (value, length) = ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2)
        case ..<0xF0:
            (value, length) = ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        default:
            value =
                (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F)
            length = 4
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Where the last two scalars of valid UTF-8 start (0 when there are fewer).
    private static func startOfLastTwoScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = bytes.count
        for _ in 0..<2 where offset > 0 {
            offset -= 1
            while offset > 0, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        }
        return offset
    }
}

/// The scalars of valid UTF-8 from an offset.
private struct UTF8Scalars: IteratorProtocol {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset: Int

    mutating func next() -> Unicode.Scalar? {
        guard offset < bytes.count else { return nil }
        let (scalar, length) = PatternProgram.scalar(in: bytes, at: offset)
        offset += length
        return scalar
    }
}

/// The state of one match: the instructions live at the current position and at the next.
private struct PatternThreads {
    let program: UnsafeBufferPointer<PatternInstruction>
    /// For each instruction, the last position it was added at.
    let marks: UnsafeMutablePointer<Int>
    /// The instructions live at the current position, and those at the next.
    var current: UnsafeMutablePointer<Int>
    var next: UnsafeMutablePointer<Int>
    var currentCount = 0
    var nextCount = 0
    /// Instructions still to follow while adding one (each adds at most two).
    let stack: UnsafeMutablePointer<Int>
    /// For each class, twice the last step it was tested at, plus 1 if the scalar was in it:
    /// a scalar beyond ASCII is tested against each class once, however many sets name it.
    let classTests: UnsafeMutablePointer<Int>
    /// The work done before, in threads and instructions followed, and the most allowed.
    let work: Int
    let limit: Int

    init(
        program: UnsafeBufferPointer<PatternInstruction>, buffer: UnsafeMutablePointer<Int>, count: Int, classCount: Int,
        work: Int, limit: Int
    ) {
        self.program = program
        marks = buffer
        marks.initialize(repeating: -1, count: count)
        current = buffer + count
        next = buffer + 2 * count
        stack = buffer + 3 * count
        classTests = buffer + 5 * count + 2
        classTests.initialize(repeating: -2, count: classCount)
        self.work = work
        self.limit = limit
    }

    /// Whether `scalars` match from `threads` (the start of the string when `nil`); `nil` when
    /// the work would pass the limit.
    mutating func run(_ scalars: UTF8Scalars, from threads: [Int]?, classes: UnsafeBufferPointer<PatternClass>) -> Bool? {
        var scalars = scalars
        var scalar = scalars.next()
        var following = scalar == nil ? nil : scalars.next()
        var position = 0
        var work = self.work
        if let threads {
            for pc in threads {
                current[currentCount] = pc
                currentCount += 1
            }
        } else {
            currentCount = add(0, at: position, isStart: true, scalar: scalar, following: following, into: current, count: 0, work: &work)
        }
        while let consumed = scalar {
            guard currentCount > 0 else { return false }
            work += currentCount
            guard work <= limit else { return nil }
            position += 1
            scalar = following
            following = scalar == nil ? nil : scalars.next()
            nextCount = 0
            for slot in 0..<currentCount {
                let pc = current[slot]
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected): advances = expected == consumed
                case .set(let set) where consumed.isASCII: advances = classes[set].contains(consumed)
                case .set(let set):
                    if classTests[set] >> 1 != position {
                        classTests[set] = position << 1 | (classes[set].contains(consumed) ? 1 : 0)
                    }
                    advances = classTests[set] & 1 != 0
                default: advances = false
                }
                if advances {
                    nextCount = add(
                        pc + 1, at: position, isStart: false, scalar: scalar, following: following, into: next, count: nextCount, work: &work)
                }
            }
            swap(&current, &next)
            currentCount = nextCount
        }
        for slot in 0..<currentCount {
            if case .match = program[current[slot]] { return true }
        }
        return false
    }

    /// Adds `pc` and what it leads to without consuming a scalar to `list` (holding `count`
    /// instructions), at `position`, before `scalar` (followed by `following`); the new count.
    /// Each instruction followed adds a unit to `work`.
    @inline(__always)
    private func add(
        _ pc: Int, at position: Int, isStart: Bool, scalar: Unicode.Scalar?, following: Unicode.Scalar?,
        into list: UnsafeMutablePointer<Int>, count: Int, work: inout Int
    ) -> Int {
        var count = count
        var depth = 1
        stack[0] = pc
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            guard marks[pc] != position else { continue }
            marks[pc] = position
            work += 1
            switch program[pc] {
            case .jump(let target):
                stack[depth] = target
                depth += 1
            case .split(let first, let second):
                stack[depth] = second
                stack[depth + 1] = first
                depth += 2
            case .assertion(let assertion):
                let holds: Bool
                switch assertion {
                case .start: holds = isStart
                case .end: holds = scalar == nil
                case .endBeforeFinalNewline:
                    holds = scalar == nil || (following == nil && PatternProperty.verticalSpace.holds(for: scalar!))
                }
                if holds {
                    stack[depth] = pc + 1
                    depth += 1
                }
            case .scalar, .set, .match:
                list[count] = pc
                count += 1
            }
        }
        return count
    }
}
