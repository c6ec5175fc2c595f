extension FileSelection {
    /// Checks every file `paths` name, in order, and finishes `report`: a folder that cannot be
    /// listed is a failed entry, and a folder walked adds a summary line.
    ///
    /// - Parameters:
    ///   - paths: The command's PATH arguments.
    ///   - noun: What a file is, for messages: `file`, `manifest`.
    ///   - failedAs: How the summary calls a file that failed: `invalid`.
    ///   - passedAs: How it calls every file passing: `valid`.
    ///   - report: Where the files' results go.
    ///   - check: Checks one file, recording it in `report`.
    /// - Throws: ``CLIError`` with status 2 when a path is empty (it names nothing, and no
    ///   report could place a problem in it); status 7 when the folders named hold no file to
    ///   check, so a CI job that checks nothing fails instead of passing; else as
    ///   ``ProblemReport/finish(summary:)``.
    func check(
        _ paths: [String], noun: String, failedAs: String, passedAs: String, into report: ProblemReport, _ check: (String) -> Void
    ) throws {
        if paths.contains("") { throw CLIError(.usage, "an empty path names no \(noun); give a file or a folder") }
        let found = files(for: paths)
        for (path, rawPath, message, isEscaped) in found.unreadable {
            var problem = ReportedProblem(file: path, severity: .error, message: message, rule: .unreadableFile, rawFile: rawPath)
            problem.fileIsEscaped = isEscaped
            report.fail(.unreadable, [problem])
        }
        guard !found.files.isEmpty || !found.unreadable.isEmpty else {
            let patterns = include.joined(separator: " or ")
            let excluded = exclude.isEmpty ? "" : " and not " + exclude.joined(separator: " or ")
            throw CLIError(
                .nothingChecked,
                "no \(noun)s to check: \(paths.joined(separator: ", ")) hold\(paths.count == 1 ? "s" : "") no file matching \(patterns)\(excluded) outside hidden folders (--include changes which files are checked)"
            )
        }
        for file in found.files { check(file) }
        try report.finish(summary: found.walkedFolder ? report.summary(noun: noun, failedAs: failedAs, passedAs: passedAs) : nil)
    }
}
