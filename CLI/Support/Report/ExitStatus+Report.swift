extension ExitStatus {
    /// The status's stable id in a JSON or SARIF report of a run that could not finish: the
    /// `rule` of `--report json`'s record for it and the descriptor id of SARIF's tool
    /// execution notification, so a CI can tell a usage error from a run that found nothing.
    var reportID: String {
        switch self {
        case .success: "success"
        case .notFound: "not-found"
        case .usage: "usage"
        case .unreadable: "unreadable"
        case .writeFailed: "write-failed"
        case .lockTimeout: "lock-timeout"
        case .systemLimit: "system-limit"
        case .nothingChecked: "nothing-checked"
        }
    }

    /// What a run that ends with this status failed to do, one sentence, for SARIF's
    /// notification descriptors.
    var reportSummary: String {
        switch self {
        case .success: "The run finished."
        case .notFound: "Each domain, manifest or file the command names exists."
        case .usage: "The command line is one prefs can run: known options, well-formed arguments."
        case .unreadable: "The files the check needs besides those it checks (a manifest, the store) read."
        case .writeFailed: "The report could be written."
        case .lockTimeout: "No other process held a lock the run needed past the timeout."
        case .systemLimit: "A system limit (open files, memory) did not stop the run."
        case .nothingChecked: "The run found something to check: a file in the folders named, a domain with a manifest."
        }
    }
}
