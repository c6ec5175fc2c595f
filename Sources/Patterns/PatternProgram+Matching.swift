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
    /// One string alone: the strings of a document are matched by a ``PatternMatcher``, which
    /// keeps the automaton's states from one string to the next, under one ``PatternWork``.
    ///
    /// - Complexity: O(*n*) in the length of `string`, for every program.
    package func matchesWhole(_ string: String) -> Bool? {
        var matcher = PatternMatcher(self)
        var work = PatternWork()
        return matcher.matchesWhole(string, work: &work)
    }

    /// Whether the scalars of `bytes` from `offset` match from the instructions `threads`
    /// live before them (from the first instruction at the start of the string when `nil`);
    /// `nil` when `work` would pass its limit.
    func simulate(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, threads: [Int]?, work: inout PatternWork) -> Bool? {
        let count = instructions.count
        return instructions.withUnsafeBufferPointer { program in
            classes.withUnsafeBufferPointer { classes in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + classes.count + 2) { buffer in
                    var simulation = PatternThreads(
                        program: program, buffer: buffer.baseAddress!, count: count, classCount: classes.count, work: work)
                    defer { work = simulation.work }
                    return simulation.run(UTF8Scalars(bytes: bytes, offset: offset), from: threads, classes: classes)
                }
            }
        }
    }

    /// The scalar that starts at `offset` of valid UTF-8, and its length in bytes.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
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
    static func startOfLastTwoScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
    /// The work done, in threads and instructions followed, and the most allowed.
    var work: PatternWork

    init(
        program: UnsafeBufferPointer<PatternInstruction>, buffer: UnsafeMutablePointer<Int>, count: Int, classCount: Int,
        work: PatternWork
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
    }

    /// Whether `scalars` match from `threads` (the start of the string when `nil`); `nil` when
    /// the work would pass the limit.
    mutating func run(_ scalars: UTF8Scalars, from threads: [Int]?, classes: UnsafeBufferPointer<PatternClass>) -> Bool? {
        var scalars = scalars
        var scalar = scalars.next()
        var following = scalar == nil ? nil : scalars.next()
        var position = 0
        var work = self.work.done
        defer { self.work.done = work }
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
            guard work <= self.work.limit else { return nil }
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
