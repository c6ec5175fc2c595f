import ArgumentParser
import PropertyLists

extension Prefs {
    /// `prefs validate PATH...`: checks property list files, or the folders that hold them, for CI.
    struct Validate: OperandListCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check that files are valid XML property lists.",
            discussion: """
                Each file is parsed with libxml2 and validated against Apple's plist DTD; integers, reals, \
                dates and data are checked by Apple's rules, and DTD subsets, entities and external DTDs are \
                refused. A folder is walked for *.plist files (--include and --exclude change which), hidden \
                folders such as .git skipped, and the number of files checked is printed. Valid files print \
                "FILE: OK"; every problem prints "FILE:LINE:COLUMN: error: MESSAGE" on stderr (--report: \
                GitHub annotations, JSON or SARIF instead). Exits 0 only when every file is valid, 3 when any \
                is not, 1 when the only problem is files that do not exist, 7 when the folders hold no file \
                to check.

                With --manifest, each file must also be a domain that meets the preference manifest: every \
                broken rule prints "FILE:LINE: error: key \"a.b\": MESSAGE", and keys the manifest does not \
                name print warnings (errors with --strict). A malformed manifest exits 3 before any file is read.
                """
        )

        @Argument(help: "The files and folders to check; '-' reads standard input, named <stdin> in the output.", completion: .file())
        var paths: [String]

        @Flag(name: .shortAndLong, help: "Print problems only, not the valid files.")
        var quiet = false

        @Option(help: ArgumentHelp("Also check each file against this preference manifest (pfm_* keys).", valueName: "manifest"), completion: .file())
        var manifest: String?

        @Flag(help: "With --manifest, keys the manifest does not name are errors, not warnings.")
        var strict = false

        @OptionGroup var files: FileCheckOptions

        @Flag(help: "Binary, JSON and old-style property lists are valid too when they read.")
        var anyFormat = false

        var operands: [String] {
            get { paths }
            set { paths = newValue }
        }

        func validate() throws {
            if strict && manifest == nil { throw ValidationError("--strict applies to --manifest; give a manifest") }
        }

        func run() throws {
            var request = ValidateRequest(paths: paths, quiet: quiet, manifest: manifest, strict: strict)
            request.report = files.report
            request.anyFormat = anyFormat
            request.selection = files.selection
            try request.perform()
        }
    }
}

/// What `prefs validate` does, apart from parsing its command line.
struct ValidateRequest {
    /// The files and folders to check; `-` is standard input.
    var paths: [String]
    /// Print problems only.
    var quiet = false
    /// The manifest every file must meet, if any.
    var manifest: String?
    /// With a manifest, keys it does not name are errors.
    var strict = false
    /// `--report`, when given.
    var report: ReportFormat?
    /// Which files of a folder are checked.
    var selection = FileSelection()
    /// Other formats than XML are valid when they read.
    var anyFormat = false

    func perform() throws {
        let report = ProblemReport(format: .resolved(self.report), quiet: quiet)
        let manifestCheck = try manifest.map { try ManifestValidation(manifestPath: $0, strict: strict, anyFormat: anyFormat, report: report) }
        try selection.check(paths, noun: "file", failedAs: "invalid", passedAs: "valid", into: report) { file in
            let name = file == "-" ? "<stdin>" : file
            if let manifestCheck {
                manifestCheck.check(file, name: name)
            } else {
                check(file, name: name, into: report)
            }
        }
    }

    /// Checks one file, reporting it as passed or with its problems.
    private func check(_ file: String, name: String, into report: ProblemReport) {
        let reader = PropertyListReader()
        do throws(PropertyListError) {
            if anyFormat && file == "-" {
                _ = try reader.read(anyFormatContentsOf: file, fileName: name)
            } else {
                do throws(PropertyListError) {
                    try reader.validate(contentsOf: file, fileName: name)
                } catch  where anyFormat && error.code == .unsupportedFormat {
                    _ = try reader.read(anyFormatContentsOf: file, fileName: name)
                }
            }
            report.pass(name)
        } catch {
            let problem = anyFormat ? error : Self.confirmed(error, file: file, name: name)
            report.fail(problem.exitStatus, ReportedProblem.problems(in: problem, file: name))
        }
    }

    /// The refusal of a file in another format when it does read in that format; otherwise
    /// what is wrong with it, so a text file that is no property list at all is not said to
    /// be one. Standard input, which cannot be read again, keeps the refusal.
    private static func confirmed(_ refusal: PropertyListError, file: String, name: String) -> PropertyListError {
        guard refusal.code == .unsupportedFormat, file != "-" else { return refusal }
        do throws(PropertyListError) {
            _ = try PropertyListReader().read(anyFormatContentsOf: file, fileName: name)
            return refusal
        } catch {
            return error
        }
    }
}
