/// The work the matches of one document may do together: ``PatternProgram/workAllowance``
/// once, ``PatternProgram/workPerInstruction`` for each instruction of each program that
/// matches any of its strings, and ``PatternProgram/workPerByte`` for each byte matched.
///
/// One limit for the whole document, not one per string: a document of many short strings
/// then costs time linear in its size, where a limit per string would grant each string the
/// allowance and the program's instructions again. The price is that a string that spends
/// the document's allowance leaves later strings only their own bytes' worth, so a document
/// that holds a value too costly to check may get no verdict on later values either, where
/// they need new automaton states (see ``PatternMatcher``).
package struct PatternWork: Sendable {
    /// The work done so far, in automaton states' instructions and simulated threads.
    var done = 0
    /// The most work allowed so far.
    var limit = PatternProgram.workAllowance

    /// No work done, and only the allowance granted.
    package init() {}

    /// Whether the work done is within the limit.
    var isWithinLimit: Bool { done <= limit }
}
