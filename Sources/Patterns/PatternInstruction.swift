/// One step of a ``PatternProgram``, a Thompson automaton laid out as a list.
enum PatternInstruction: Sendable {
    /// Consume this scalar.
    case scalar(Unicode.Scalar)
    /// Consume a scalar in the program's class at this index.
    case set(Int)
    /// Continue at both instructions.
    case split(Int, Int)
    /// Continue at this instruction.
    case jump(Int)
    /// Continue at the next instruction if the position passes the test.
    case assertion(PatternAssertion)
    /// The pattern matched, if the string is at its end.
    case match
}
