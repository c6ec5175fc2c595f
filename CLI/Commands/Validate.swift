import ArgumentParser
import PropertyLists

extension Prefs {
    /// `prefs validate FILE...`: checks property list files for CI.
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check that files are valid XML property lists.",
            discussion: """
                Each file is parsed with libxml2 and validated against Apple's plist DTD; integers, reals, \
                dates and data are checked by Apple's rules, and DTD subsets, entities and external DTDs are \
                refused. Valid files print "FILE: OK"; every problem prints "FILE:LINE: error: MESSAGE" on \
                stderr. Exits 0 only when every file is valid, 3 when any is not, 1 when the only problem \
                is files that do not exist.

                With --manifest, each file must also be a domain that meets the preference manifest: every \
                broken rule prints "FILE:LINE: error: key \"a.b\": MESSAGE", and keys the manifest does not \
                name print warnings (errors with --strict). A malformed manifest exits 3 before any file is read.
                """
        )

        @Argument(help: "The files to check; '-' reads standard input, named <stdin> in the output.", completion: .file())
        var files: [String]

        @Flag(name: .shortAndLong, help: "Print problems only, not the valid files.")
        var quiet = false

        @Option(help: ArgumentHelp("Also check each file against this preference manifest (pfm_* keys).", valueName: "manifest"), completion: .file())
        var manifest: String?

        @Flag(help: "With --manifest, keys the manifest does not name are errors, not warnings.")
        var strict = false

        func validate() throws {
            if strict && manifest == nil { throw ValidationError("--strict applies to --manifest; give a manifest") }
        }

        func run() throws {
            if let manifest {
                try ManifestValidation(manifestPath: manifest, strict: strict, quiet: quiet).perform(files)
                return
            }
            try ValidateRequest(files: files, quiet: quiet).perform()
        }
    }
}

/// What `prefs validate` does, apart from parsing its command line.
struct ValidateRequest {
    /// The files to check; `-` is standard input.
    var files: [String]
    /// Print problems only.
    var quiet = false

    func perform() throws {
        var failure: ExitStatus?
        let reader = PropertyListReader()
        for file in files {
            let name = file == "-" ? "<stdin>" : file
            do throws(PropertyListError) {
                try reader.validate(contentsOf: file, fileName: name)
                if !quiet { Output.write("\(name): OK\n") }
            } catch {
                let problem = Self.confirmed(error, file: file, name: name)
                failure = problem.exitStatus.combined(with: failure)
                for diagnostic in problem.diagnostics { Output.error(diagnostic.description) }
            }
        }
        try Output.finish()
        if let failure { throw CLIError.silent(failure) }
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
