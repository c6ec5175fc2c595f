/// A deterministic automaton for a ``PatternProgram``, built by subset construction: its ASCII
/// part, when small, when the program is compiled, so that the common case (an ASCII string)
/// costs a table look-up per byte; any other state and transition, the first time a string
/// needs it (a lazily built automaton, as RE2's), so that a long string costs the work of
/// the few states it visits, not of the program's size at every scalar.
///
/// A state stands for the set of the program's consuming instructions (and `match`) live at a
/// position that is neither the string's end nor just before its last scalar, plus whether the
/// string would match if it ended there. `\Z` is decided by the last scalar, so a program that
/// has one is simulated over the last two scalars from the state reached before them (see
/// `PatternProgram.matchesWhole(_:)`).
///
/// A value, copied for each ``PatternMatcher`` (its arrays copy only when a match adds a
/// state): the states the strings of one document build are theirs, kept from one string to
/// the next, so how much work a match takes depends on the program and the document alone.
struct PatternDFA: Sendable {
    /// The most states the compiled automaton is given eagerly.
    static let eagerStates = 256
    /// The most instructions of a program given eager states, to bound the work of compiling it.
    static let eagerInstructions = 2_000
    /// The most states one match builds, the most instructions they list in all, and the most
    /// transitions on scalars beyond ASCII it keeps: beyond any, the match goes on by
    /// simulation, which needs no memory per state.
    static let maximumStates = 4_096
    static let maximumListed = 1 << 20
    static let maximumNonASCII = 1 << 18
    /// A transition not built yet, in ``transitions``.
    static let unknown: Int32 = -2
    /// The transition to no state: no string can match.
    static let dead: Int32 = -1

    /// The program's instructions and classes.
    private let instructions: [PatternInstruction]
    private let classes: [PatternClass]
    /// The class of each ASCII byte: bytes no instruction tells apart share one.
    let byteClasses: [UInt8]
    /// The number of byte classes.
    let classCount: Int
    /// A byte of each class.
    private let representatives: [UInt8]
    /// The next state from each state for each byte class: ``dead`` when no string can match,
    /// ``unknown`` when not built yet.
    private(set) var transitions: [Int32] = []
    /// For each state, whether a string ending there matches.
    private(set) var accepting: [Bool] = []
    /// For each state, the live instructions, for simulation to continue from.
    private(set) var threads: [[Int]] = []
    /// The number of each state, by its live instructions and whether it accepts, once there
    /// are more than ``searchedStates``; below, states are found by a linear search, which
    /// spares a short program the runtime's set-up of the dictionary's generic type (a scan of
    /// every protocol conformance in the binary, which costs more than a match).
    private var numbers: [StateKey: Int32] = [:]
    private static let searchedStates = 32
    /// Transitions on scalars beyond ASCII: the scalar's value in the low 32 bits, the state
    /// above them.
    private var nonASCII: [UInt64: Int32] = [:]
    /// The instructions all states list.
    private var listed = 0
    /// For each class, twice the last transition it was tested for, plus 1 if the scalar was
    /// in it, so that each class is tested once however many sets name it.
    private var classTests: [Int]
    private var test = 0
    private var closure: Closure

    private struct StateKey: Hashable {
        let live: [Int]
        let accepts: Bool
    }

    /// The automaton of `instructions`, with its start state (number 0) and, for a program of at
    /// most ``eagerInstructions``, the ASCII transitions of up to ``eagerStates`` states.
    init(instructions: [PatternInstruction], classes: [PatternClass]) {
        self.instructions = instructions
        self.classes = classes
        // Classes of bytes no instruction tells apart, by refining one class with the ASCII
        // bytes each instruction consumes, as two 64-bit masks.
        var partition: [(UInt64, UInt64)] = [(~0, ~0)]
        for instruction in instructions {
            let mask = Self.asciiMask(of: instruction, classes: classes)
            guard mask != (0, 0) else { continue }
            partition = partition.flatMap { part -> [(UInt64, UInt64)] in
                let inside = (part.0 & mask.0, part.1 & mask.1)
                let outside = (part.0 & ~mask.0, part.1 & ~mask.1)
                return inside == (0, 0) || outside == (0, 0) ? [part] : [inside, outside]
            }
        }
        var byteClasses = [UInt8](repeating: 0, count: 128)
        var representatives: [UInt8] = []
        for (index, part) in partition.enumerated() {
            for byte in 0..<128 where (byte < 64 ? part.0 >> UInt64(byte) : part.1 >> UInt64(byte - 64)) & 1 != 0 {
                byteClasses[byte] = UInt8(index)
            }
            representatives.append(UInt8(part.0 != 0 ? part.0.trailingZeroBitCount : 64 + part.1.trailingZeroBitCount))
        }
        self.byteClasses = byteClasses
        self.representatives = representatives
        classCount = representatives.count
        closure = Closure(instructions: instructions)
        classTests = Array(repeating: -2, count: classes.count)
        var work = 0
        _ = state([0], isStart: true, work: &work)
        guard instructions.count <= Self.eagerInstructions else { return }
        var next = 0
        while next < threads.count, threads.count <= Self.eagerStates {
            for byteClass in 0..<classCount where transitions[next * classCount + byteClass] == Self.unknown {
                _ = ascii(from: next, byteClass: byteClass, work: &work)
            }
            next += 1
        }
    }

    /// The ASCII bytes `instruction` consumes, as two 64-bit masks.
    private static func asciiMask(of instruction: PatternInstruction, classes: [PatternClass]) -> (UInt64, UInt64) {
        switch instruction {
        case .scalar(let scalar) where scalar.value < 64: (1 << UInt64(scalar.value), 0)
        case .scalar(let scalar) where scalar.value < 128: (0, 1 << UInt64(scalar.value - 64))
        case .set(let index): (classes[index].asciiLow, classes[index].asciiHigh)
        default: (0, 0)
        }
    }

    /// Steps the ASCII transitions already built from `state` over `bytes` from `offset`, a
    /// table look-up per byte, up to `stop`.
    ///
    /// - Returns: Where it stopped: `stop`, or the first byte beyond ASCII or without a
    ///   transition yet, and the state there; the state ``dead`` when no string can match.
    func walk(_ bytes: UnsafeBufferPointer<UInt8>, from state: Int, at offset: Int, to stop: Int) -> (state: Int, offset: Int) {
        var state = state
        var offset = offset
        transitions.withUnsafeBufferPointer { transitions in
            byteClasses.withUnsafeBufferPointer { byteClasses in
                while offset < stop, bytes[offset] < 0x80 {
                    let next = transitions[state &* classCount &+ Int(byteClasses[Int(bytes[offset])])]
                    guard next >= 0 else {
                        if next == Self.dead { state = Int(Self.dead) }
                        return
                    }
                    state = Int(next)
                    offset &+= 1
                }
            }
        }
        return (state, offset)
    }

    /// The state after `state` on a byte of `byteClass`, built if need be; `nil` when building
    /// it would pass ``maximumStates`` or ``maximumListed``.
    ///
    /// - Parameter work: Increased by the instructions the building looked at.
    mutating func ascii(from state: Int, byteClass: Int, work: inout Int) -> Int32? {
        let known = transitions[state * classCount + byteClass]
        guard known == Self.unknown else { return known }
        guard let target = following(state, on: Unicode.Scalar(representatives[byteClass]), work: &work) else { return nil }
        transitions[state * classCount + byteClass] = target
        return target
    }

    /// The state after `state` on `scalar`, beyond ASCII, built if need be; `nil` as
    /// ``ascii(from:byteClass:work:)`` gives it, or when ``maximumNonASCII`` transitions are kept.
    mutating func nonASCII(from state: Int, scalar: Unicode.Scalar, work: inout Int) -> Int32? {
        let key = UInt64(state) << 32 | UInt64(scalar.value)
        if let known = nonASCII[key] { return known }
        guard nonASCII.count < Self.maximumNonASCII, let target = following(state, on: scalar, work: &work) else { return nil }
        nonASCII[key] = target
        return target
    }

    /// The state the live instructions of `state` lead to on `scalar`.
    private mutating func following(_ state: Int, on scalar: Unicode.Scalar, work: inout Int) -> Int32? {
        var kernel: [Int] = []
        test += 1
        for pc in threads[state] {
            let advances: Bool
            switch instructions[pc] {
            case .scalar(let expected): advances = expected == scalar
            case .set(let set):
                if classTests[set] >> 1 != test { classTests[set] = test << 1 | (classes[set].contains(scalar) ? 1 : 0) }
                advances = classTests[set] & 1 != 0
            default: advances = false
            }
            if advances { kernel.append(pc + 1) }
        }
        work += threads[state].count
        guard !kernel.isEmpty else { return Self.dead }
        return self.state(kernel, isStart: false, work: &work)
    }

    /// The number of the state `kernel` reaches, added if new; `nil` when it would pass
    /// ``maximumStates`` or ``maximumListed``.
    private mutating func state(_ kernel: [Int], isStart: Bool, work: inout Int) -> Int32? {
        let (live, accepts) = closure.of(kernel, isStart: isStart, work: &work)
        let key = StateKey(live: live, accepts: accepts)
        if threads.count <= Self.searchedStates {
            if let existing = threads.indices.first(where: { accepting[$0] == accepts && threads[$0] == live }) { return Int32(existing) }
        } else if let existing = numbers[key] {
            return existing
        }
        guard threads.count < Self.maximumStates, listed + live.count <= Self.maximumListed else { return nil }
        let number = Int32(threads.count)
        threads.append(live)
        accepting.append(accepts)
        transitions += repeatElement(Self.unknown, count: classCount)
        listed += live.count
        if threads.count > Self.searchedStates {
            if numbers.isEmpty {
                for (index, live) in threads.enumerated() { numbers[StateKey(live: live, accepts: accepting[index])] = Int32(index) }
            } else {
                numbers[key] = number
            }
        }
        return number
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
        /// neither the end nor before the last scalar, in order, and whether `match` is reached
        /// if the position is the end; `work` grows by the instructions followed.
        mutating func of(_ kernel: [Int], isStart: Bool, work: inout Int) -> (live: [Int], accepts: Bool) {
            let live = reach(kernel, isStart: isStart, atEnd: false, work: &work)
            let accepts = reach(kernel, isStart: isStart, atEnd: true, work: &work).contains {
                if case .match = instructions[$0] { true } else { false }
            }
            return (live, accepts)
        }

        private mutating func reach(_ kernel: [Int], isStart: Bool, atEnd: Bool, work: inout Int) -> [Int] {
            search += 1
            stack.removeAll(keepingCapacity: true)
            stack += kernel.reversed()
            var live: [Int] = []
            while let pc = stack.popLast() {
                guard marks[pc] != search else { continue }
                marks[pc] = search
                work += 1
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
