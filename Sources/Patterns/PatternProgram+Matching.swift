extension PatternProgram {
    /// Whether all of `string`, scalar by scalar, matches.
    ///
    /// The ASCII bytes a string starts with step the deterministic automaton, when the program
    /// has one; the rest is simulated Pike-VM style: the set of instructions the match may be
    /// at is carried from one scalar to the next, each instruction at most once per position,
    /// so the time is linear in the string's length times the program's size, whatever the
    /// pattern, and the memory a few words per instruction.
    package func matchesWhole(_ string: String) -> Bool {
        guard !instructions.isEmpty else { return false }
        guard let dfa else { return simulate(string.unicodeScalars[...], from: nil) }
        // Native strings have contiguous UTF-8.
        let stop = string.utf8.withContiguousStorageIfAvailable { bytes in
            dfa.transitions.withUnsafeBufferPointer { transitions in
                dfa.byteClasses.withUnsafeBufferPointer { byteClasses in
                    var state = 0
                    for offset in bytes.indices {
                        let byte = bytes[offset]
                        guard byte < 0x80 else { return (state: state, offset: offset) }
                        state = Int(transitions[state &* dfa.classCount &+ Int(byteClasses[Int(byte)])])
                        guard state >= 0 else { return (state: state, offset: offset) }
                    }
                    return (state: state, offset: bytes.count)
                }
            }
        }
        guard let stop else { return simulate(string.unicodeScalars[...], from: nil) }
        guard stop.state >= 0 else { return false }
        if stop.offset == string.utf8.count { return dfa.accepting[stop.state] }
        // A non-ASCII scalar: simulate from the automaton's state there.
        let index = string.utf8.index(string.utf8.startIndex, offsetBy: stop.offset)
        return simulate(string.unicodeScalars[index...], from: dfa.threads[stop.state])
    }

    /// Whether `scalars` match from the instructions `threads` live before them (from the
    /// first instruction at the start of the string when `nil`).
    private func simulate(_ scalars: Substring.UnicodeScalarView, from threads: [Int]?) -> Bool {
        let count = instructions.count
        return instructions.withUnsafeBufferPointer { program in
            classes.withUnsafeBufferPointer { classes in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + 2) { buffer in
                    var simulation = PatternThreads(program: program, buffer: buffer.baseAddress!, count: count)
                    return simulation.run(scalars, from: threads, classes: classes)
                }
            }
        }
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

    init(program: UnsafeBufferPointer<PatternInstruction>, buffer: UnsafeMutablePointer<Int>, count: Int) {
        self.program = program
        marks = buffer
        marks.initialize(repeating: -1, count: count)
        current = buffer + count
        next = buffer + 2 * count
        stack = buffer + 3 * count
    }

    /// Whether `string` matches from `threads` (the start of the string when `nil`).
    mutating func run(_ string: Substring.UnicodeScalarView, from threads: [Int]?, classes: UnsafeBufferPointer<PatternClass>) -> Bool {
        var scalars = string.makeIterator()
        var scalar = scalars.next()
        var following = scalar == nil ? nil : scalars.next()
        var position = 0
        if let threads {
            for pc in threads {
                current[currentCount] = pc
                currentCount += 1
            }
        } else {
            currentCount = add(0, at: position, isStart: true, scalar: scalar, following: following, into: current, count: 0)
        }
        while let consumed = scalar {
            guard currentCount > 0 else { return false }
            position += 1
            scalar = following
            following = scalar == nil ? nil : scalars.next()
            nextCount = 0
            for slot in 0..<currentCount {
                let pc = current[slot]
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected): advances = expected == consumed
                case .set(let set): advances = classes[set].contains(consumed)
                default: advances = false
                }
                if advances {
                    nextCount = add(pc + 1, at: position, isStart: false, scalar: scalar, following: following, into: next, count: nextCount)
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
    @inline(__always)
    private func add(
        _ pc: Int, at position: Int, isStart: Bool, scalar: Unicode.Scalar?, following: Unicode.Scalar?,
        into list: UnsafeMutablePointer<Int>, count: Int
    ) -> Int {
        var count = count
        var depth = 1
        stack[0] = pc
        while depth > 0 {
            depth -= 1
            let pc = stack[depth]
            guard marks[pc] != position else { continue }
            marks[pc] = position
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
