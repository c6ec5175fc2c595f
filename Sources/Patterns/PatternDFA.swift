/// A deterministic automaton for the ASCII scalars of a ``PatternProgram``, built by subset
/// construction when the program is compiled, so that the common case (an ASCII string)
/// costs a table look-up per byte.
///
/// A state stands for the set of the program's consuming instructions (and `match`) live at a
/// position that is not the end of the string, plus whether the string would match if it
/// ended there. A string that is not all ASCII is matched by the program from the state
/// reached before its first non-ASCII byte.
struct PatternDFA: Sendable {
    /// The most states built; a program that needs more is matched by simulation only.
    static let maximumStates = 256
    /// The most instructions of a program given an automaton, to bound the work of building it.
    static let maximumInstructions = 2_000

    /// The class of each ASCII byte: bytes no instruction tells apart share one.
    let byteClasses: [UInt8]
    /// The number of byte classes.
    let classCount: Int
    /// The next state from each state for each byte class; -1 when no string can match.
    let transitions: [Int16]
    /// For each state, whether a string ending there matches.
    let accepting: [Bool]
    /// For each state, the live instructions, for simulation to continue from.
    let threads: [[Int]]

    /// The automaton of `instructions`, `nil` when the program tests the scalar after the
    /// position (`\Z`), has more than `maximumInstructions` or needs more than
    /// `maximumStates` states.
    init?(instructions: [PatternInstruction], classes: [PatternClass]) {
        guard instructions.count <= Self.maximumInstructions else { return nil }
        for instruction in instructions {
            if case .assertion(.endBeforeFinalNewline) = instruction { return nil }
        }
        // The ASCII bytes each instruction consumes, as two 64-bit masks.
        let masks = instructions.map { instruction -> (UInt64, UInt64) in
            switch instruction {
            case .scalar(let scalar) where scalar.value < 64: (1 << UInt64(scalar.value), 0)
            case .scalar(let scalar) where scalar.value < 128: (0, 1 << UInt64(scalar.value - 64))
            case .set(let index): (classes[index].asciiLow, classes[index].asciiHigh)
            default: (0, 0)
            }
        }
        // Classes of bytes no instruction tells apart, by refining one class with each mask.
        var partition: [(UInt64, UInt64)] = [(~0, ~0)]
        for mask in masks where mask != (0, 0) {
            partition = partition.flatMap { part -> [(UInt64, UInt64)] in
                let inside = (part.0 & mask.0, part.1 & mask.1)
                let outside = (part.0 & ~mask.0, part.1 & ~mask.1)
                return inside == (0, 0) || outside == (0, 0) ? [part] : [inside, outside]
            }
        }
        var byteClasses = [UInt8](repeating: 0, count: 128)
        var representatives: [Int] = []
        for (index, part) in partition.enumerated() {
            for byte in 0..<128 where (byte < 64 ? part.0 >> UInt64(byte) : part.1 >> UInt64(byte - 64)) & 1 != 0 {
                byteClasses[byte] = UInt8(index)
            }
            representatives.append(part.0 != 0 ? part.0.trailingZeroBitCount : 64 + part.1.trailingZeroBitCount)
        }
        var closure = Closure(instructions: instructions)
        var threads: [[Int]] = []
        var accepting: [Bool] = []
        var transitions: [Int16] = []
        // Looked up by a linear search: a few states, and no hashing to set up.
        func state(_ kernel: [Int], isStart: Bool) -> Int? {
            let (live, accepts) = closure.of(kernel, isStart: isStart)
            if let existing = threads.indices.first(where: { accepting[$0] == accepts && threads[$0] == live }) { return existing }
            guard threads.count < Self.maximumStates else { return nil }
            threads.append(live)
            accepting.append(accepts)
            return threads.count - 1
        }
        guard state([0], isStart: true) != nil else { return nil }
        var next = 0
        while next < threads.count {
            for byte in representatives {
                let kernel = threads[next].filter {
                    (byte < 64 ? masks[$0].0 >> UInt64(byte) : masks[$0].1 >> UInt64(byte - 64)) & 1 != 0
                }.map { $0 + 1 }
                if kernel.isEmpty {
                    transitions.append(-1)
                } else {
                    guard let target = state(kernel, isStart: false) else { return nil }
                    transitions.append(Int16(target))
                }
            }
            next += 1
        }
        self.byteClasses = byteClasses
        classCount = representatives.count
        self.transitions = transitions
        self.accepting = accepting
        self.threads = threads
    }

    /// Follows instructions that consume nothing, reusing its buffers.
    private struct Closure {
        let instructions: [PatternInstruction]
        /// For each instruction, the last search it was reached in.
        var marks: [Int]
        var search = 0
        var stack: [Int] = []

        init(instructions: [PatternInstruction]) {
            self.instructions = instructions
            marks = Array(repeating: -1, count: instructions.count)
        }

        /// The consuming instructions and `match` reached from `kernel` at a position that is
        /// not the end, in order, and whether `match` is reached if the position is the end.
        mutating func of(_ kernel: [Int], isStart: Bool) -> (live: [Int], accepts: Bool) {
            let live = reach(kernel, isStart: isStart, atEnd: false)
            let accepts = reach(kernel, isStart: isStart, atEnd: true).contains {
                if case .match = instructions[$0] { true } else { false }
            }
            return (live, accepts)
        }

        private mutating func reach(_ kernel: [Int], isStart: Bool, atEnd: Bool) -> [Int] {
            search += 1
            stack.removeAll(keepingCapacity: true)
            stack += kernel.reversed()
            var live: [Int] = []
            while let pc = stack.popLast() {
                guard marks[pc] != search else { continue }
                marks[pc] = search
                switch instructions[pc] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assertion(let assertion):
                    let holds =
                        switch assertion {
                        case .start: isStart
                        case .end, .endBeforeFinalNewline: atEnd
                        }
                    if holds { stack.append(pc + 1) }
                case .scalar, .set, .match: live.append(pc)
                }
            }
            return live.sorted()
        }
    }
}
