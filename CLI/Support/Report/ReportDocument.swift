import Synchronization

/// The one JSON or SARIF document a checking command prints under `--report json` or
/// `sarif`, on every exit: a CI step that uploads it `if: always()` finds a complete document
/// whether the run passed, found problems, or stopped early.
///
/// The document is opened before the command line is parsed, from the format the arguments
/// ask for (``ReportFormat/requested(in:)``), so a usage error still prints one; the
/// command's ``ProblemReport`` opens it again with the format it parsed and adds its
/// problems. It is printed once: complete by ``ProblemReport/finish(summary:)``, or by
/// ``close(failedWith:)`` when the run stops on an error (a usage error, nothing to check, a
/// manifest that cannot be used), with that error beside the problems found until then.
/// The text and GitHub formats print as they go and have no document.
enum ReportDocument {
    private struct State {
        /// The format of the document owed, `nil` when none is (text, GitHub, or printed).
        var format: ReportFormat?
        var problems: [ReportedProblem] = []
    }

    private static let state = Mutex(State())

    /// Owes a document in `format` from now on (none for text and GitHub), with no problem yet.
    static func open(_ format: ReportFormat) {
        state.withLock { $0 = State(format: format == .json || format == .sarif ? format : nil) }
    }

    /// Keeps `problem` for the document.
    static func add(_ problem: ReportedProblem) {
        state.withLock { $0.problems.append(problem) }
    }

    /// Queues the complete document for standard output, the run having finished with `status`.
    static func close(exitStatus status: ExitStatus) {
        print(status, failure: nil)
    }

    /// Queues the document of a run that stopped on `error` for standard output, if one is
    /// still owed.
    static func close(failedWith error: CLIError) {
        print(error.status, failure: error)
    }

    private static func print(_ status: ExitStatus, failure: CLIError?) {
        let owed = state.withLock { state in
            defer { state = State() }
            return state
        }
        switch owed.format {
        case .json: Output.write(ProblemReport.json(owed.problems, failure: failure), as: .json)
        case .sarif: Output.write(SARIFLog(problems: owed.problems, exitStatus: status, failure: failure).text, as: .json)
        case .text, .github, nil: break
        }
    }
}
