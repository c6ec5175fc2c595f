import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs check-manifest PATH...`: lints preference manifests themselves.
    struct CheckManifest: OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "check-manifest",
            abstract: "Check preference manifests themselves (pfm_* files).",
            discussion: """
                Reads each manifest as validate --manifest and check would, and reports every problem with \
                it as "FILE:LINE: error: MESSAGE" or "FILE:LINE: warning: MESSAGE". Errors make a manifest \
                unusable: a root that is no dictionary, no pfm_domain, pfm_subkeys that is no array, an \
                unknown pfm_type, a minimum above its maximum. Warnings name a rule prefs cannot enforce and \
                the key it belongs to (a pfm_format with a construct prefs refuses, a range on an array or \
                data, a bound of another type than its key, a default that breaks its own rules, a key \
                described twice): prefs leaves that rule out and enforces the rest. A folder is walked for \
                *.plist files, as validate walks it. Exits 0 when every manifest is usable (with --strict: \
                has no warning either), 3 when any is not, 1 when the only problem is files that do not \
                exist, 7 when the folders hold no file to check.
                """
        )

        @Argument(help: "The manifests, and folders of manifests, to check.")
        var paths: [String]

        @Flag(name: .shortAndLong, help: "Print problems only, not the manifests that pass.")
        var quiet = false

        @Flag(help: "Warnings are errors: a rule prefs cannot enforce fails the manifest.")
        var strict = false

        @OptionGroup var files: FileCheckOptions

        var operands: [String] {
            get { paths }
            set { paths = newValue }
        }

        func validate() throws {
            if paths.contains("-") { throw ValidationError("check-manifest reads manifest files; '-' (standard input) is not one") }
        }

        func run() throws {
            let report = ProblemReport(format: .resolved(files.report), quiet: quiet)
            try files.selection.check(paths, noun: "manifest", failedAs: "failed", passedAs: "usable", into: report) { check($0, into: report) }
        }

        /// Checks one manifest, reporting it as passed or with its problems, sorted by line.
        private func check(_ file: String, into report: ProblemReport) {
            let lint: ManifestLint
            do {
                lint = try Manifest.lint(contentsOf: file)
            } catch {
                let problems =
                    error.diagnostics.isEmpty
                    ? [ReportedProblem(file: file, severity: .error, message: error.message, rule: error.code == .notFound ? .missingFile : .unreadableFile)]
                    : error.diagnostics.map {
                        ReportedProblem(
                            file: $0.file ?? file, line: $0.line, column: $0.column, severity: .error, message: $0.message,
                            rule: ProblemRule($0.code ?? .malformed, file: file))
                    }
                report.fail(ExitStatus(error.code), problems)
                return
            }
            let warningSeverity: ReportedProblem.Severity = strict ? .error : .warning
            let found =
                lint.errors.map { ReportedProblem(file: file, line: $0.line, severity: .error, message: $0.message, rule: .malformedManifest) }
                + lint.warnings.map {
                    ReportedProblem(file: file, line: $0.line, severity: warningSeverity, message: $0.message, rule: .unenforceableManifestRule)
                }
            // By line, and in the order found within a line.
            let problems = found.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
            guard problems.contains(where: { $0.severity == .error }) else {
                report.pass(file)
                for problem in problems { report.add(problem) }
                return
            }
            report.fail(.unreadable, problems)
        }
    }
}
