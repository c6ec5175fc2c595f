/// A `pfm_format` compiled into a Thompson automaton, matched against a whole string through
/// a deterministic automaton built from it (``PatternDFA``) in time linear in the string's
/// length, with a limit on the work a match may do (see `matchesWhole(_:)`), and memory
/// bounded by the program.
///
/// Immutable, so one program is shared between threads.
package final class PatternProgram: Sendable {
    /// The most instructions a program may hold: a counted repetition copies its operand, so
    /// `(a{1000}){1000}` would otherwise compile to a million.
    package static let maximumSize = 30_000

    /// The instructions; matching starts at the first.
    let instructions: [PatternInstruction]
    /// The classes `PatternInstruction.set` names.
    let classes: [PatternClass]
    /// The deterministic automaton, with the states built when the program was compiled;
    /// `nil` for a program that matches nothing.
    let dfa: PatternDFA?
    /// Whether the program has a `\Z`, which looks at the scalar after the position.
    let testsFinalNewline: Bool

    private init(instructions: [PatternInstruction], classes: [PatternClass]) {
        self.instructions = instructions
        self.classes = classes
        dfa = instructions.isEmpty ? nil : PatternDFA(instructions: instructions, classes: classes)
        testsFinalNewline = instructions.contains {
            if case .assertion(.endBeforeFinalNewline) = $0 { true } else { false }
        }
    }

    /// A program that matches no string, for an expression that does not compile.
    package static let nothing = PatternProgram(instructions: [], classes: [])

    /// `source` compiled.
    ///
    /// - Throws: ``PatternError`` for an expression that is not one, or that uses a construct
    ///   prefs does not match.
    package convenience init(compiling source: String) throws(PatternError) {
        let node = try PatternParser.parse(source)
        guard Self.size(of: node) + 1 <= Self.maximumSize else {
            throw .unsupported(
                construct: "repetitions that would compile to more than \(Self.maximumSize) instructions",
                reason: "the compiled pattern must stay small for matching to stay fast")
        }
        var builder = Builder()
        builder.emit(node)
        builder.instructions.append(.match)
        self.init(instructions: builder.instructions, classes: builder.classes)
    }

    /// The number of instructions `node` compiles to, at most `maximumSize + 1`.
    private static func size(of node: PatternNode) -> Int {
        let limit = maximumSize + 1
        func capped(_ value: (partialValue: Int, overflow: Bool)) -> Int {
            value.overflow ? limit : min(value.partialValue, limit)
        }
        switch node {
        case .empty: return 0
        case .scalar, .set, .assertion: return 1
        case .concatenation(let parts):
            return parts.reduce(0) { capped($0.addingReportingOverflow(size(of: $1))) }
        case .alternation(let branches):
            let sum = branches.reduce(0) { capped($0.addingReportingOverflow(size(of: $1) + 2)) }
            return sum - 2
        case .repetition(let operand, let minimum, let maximum):
            let one = size(of: operand)
            let required = capped(one.multipliedReportingOverflow(by: minimum))
            let optional: Int
            if let maximum {
                optional = capped((one + 1).multipliedReportingOverflow(by: maximum - minimum))
            } else {
                optional = minimum == 0 ? one + 2 : 1
            }
            return capped(required.addingReportingOverflow(optional))
        }
    }

    /// Lays out the instructions of a node.
    private struct Builder {
        var instructions: [PatternInstruction] = []
        var classes: [PatternClass] = []

        mutating func emit(_ node: PatternNode) {
            switch node {
            case .empty: break
            case .scalar(let scalar): instructions.append(.scalar(scalar))
            case .set(let set):
                instructions.append(.set(classes.count))
                classes.append(set)
            case .assertion(let assertion): instructions.append(.assertion(assertion))
            case .concatenation(let parts):
                for part in parts { emit(part) }
            case .alternation(let branches):
                // split(first, next) first jump(end) split(second, next) second jump(end) … last
                var jumps: [Int] = []
                for (position, branch) in branches.enumerated() {
                    if position == branches.count - 1 {
                        emit(branch)
                    } else {
                        let split = instructions.count
                        instructions.append(.split(split + 1, 0))
                        emit(branch)
                        jumps.append(instructions.count)
                        instructions.append(.jump(0))
                        instructions[split] = .split(split + 1, instructions.count)
                    }
                }
                for jump in jumps { instructions[jump] = .jump(instructions.count) }
            case .repetition(let operand, let minimum, let maximum):
                emitRepetition(operand, minimum: minimum, maximum: maximum)
            }
        }

        private mutating func emitRepetition(_ operand: PatternNode, minimum: Int, maximum: Int?) {
            var copies = Copies()
            guard let maximum else {
                if minimum == 0 {
                    // loop: split(body, end) body jump(loop)
                    let loop = instructions.count
                    instructions.append(.split(loop + 1, 0))
                    emit(operand)
                    instructions.append(.jump(loop))
                    instructions[loop] = .split(loop + 1, instructions.count)
                } else {
                    // body × (minimum − 1), then loop: body split(loop, end)
                    for _ in 1..<minimum { emit(operand, sharing: &copies) }
                    let loop = instructions.count
                    emit(operand, sharing: &copies)
                    instructions.append(.split(loop, instructions.count + 1))
                }
                return
            }
            for _ in 0..<minimum { emit(operand, sharing: &copies) }
            // (split(body, end) body) × (maximum − minimum), every split skipping to the end.
            var splits: [Int] = []
            for _ in minimum..<maximum {
                splits.append(instructions.count)
                instructions.append(.split(0, 0))
                emit(operand, sharing: &copies)
            }
            for split in splits { instructions[split] = .split(split + 1, instructions.count) }
        }

        /// Where the first copy of a repeated operand put its classes.
        private struct Copies {
            var firstClass: Int?
        }

        /// Emits one more copy of a repeated operand, whose sets name the classes of the first
        /// copy instead of new ones: the operand lists its classes in the same order every time,
        /// so `.{1000}` has one class, which a match tests once per scalar, not a thousand.
        private mutating func emit(_ operand: PatternNode, sharing copies: inout Copies) {
            let classStart = classes.count
            let instructionStart = instructions.count
            emit(operand)
            guard let firstClass = copies.firstClass else {
                copies.firstClass = classStart
                return
            }
            for index in instructionStart..<instructions.count {
                if case .set(let set) = instructions[index], set >= classStart { instructions[index] = .set(set - classStart + firstClass) }
            }
            classes.removeLast(classes.count - classStart)
        }
    }
}
