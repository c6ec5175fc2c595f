import ArgumentParser
import Glibc
import PropertyLists

/// The `prefs` command: `defaults` and `git config` for XML property list preferences on Linux.
@main
struct Prefs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefs",
        abstract: "Read and write preferences stored as XML property lists.",
        discussion: """
            Domains (com.example.editor) are XML property list files in $PREFS_HOME, else \
            $XDG_CONFIG_HOME/prefs, else ~/.config/prefs. Values print bare, so $(prefs read DOMAIN KEY) \
            works in scripts; errors go to stderr. Where a DOMAIN goes, -g (or -globalDomain) names the \
            global domain and --file PATH any plist file; -- ends the options, for a key that starts with -.

            \(ExitStatus.table)
            """,
        version: "0.1.0",
        subcommands: [
            Read.self, ReadType.self, Write.self, Delete.self, Domains.self, Find.self, Rename.self,
            Import.self, Export.self, Validate.self, Convert.self, Doctor.self, PaletteCommand.self,
            Check.self, CheckManifest.self, Describe.self, ManifestCommand.self, Watch.self
        ]
    )

    /// Runs the command and maps every failure to its documented exit status.
    static func main() {
        StandardStreams.holdClosed()
        Completions.silenceErrors(CommandLine.arguments)
        // Past a file size limit (ulimit -f) the kernel sends SIGXFSZ, which would end prefs
        // with a temporary file left half written; ignored, the write fails with EFBIG, and the
        // failed write is reported (exit 4) and its temporary file removed.
        signal(SIGXFSZ, SIG_IGN)
        // A static executable reads its arguments from /proc/self/cmdline; with no file
        // descriptor left it sees none at all.
        guard CommandLine.argc > 0 else {
            fail(CLIError(.systemLimit, "cannot read the command line: /proc/self/cmdline cannot be opened (too many open files? raise ulimit -n)"))
        }
        // A JSON or SARIF report is owed from here on, whatever ends the run.
        if let format = ReportFormat.requested(in: CommandLine.arguments) { ReportDocument.open(format) }
        if let position = firstArgumentNotUTF8() {
            fail(CLIError(.usage, "argument \(position) is not valid UTF-8; prefs reads and stores UTF-8 text only"))
        }
        do {
            let arguments = try LeadingOptions.moved(CommandLine.arguments)
            if let request = FastPath.request(for: arguments) {
                try request()
            } else if let script = CompletionScript.requested(by: arguments) {
                Output.write(script)
            } else {
                try CommandNames.check(arguments)
                try ShortFlagClusters.check(arguments)
                let operands = OperandRuns(arguments)
                var command = operands.unfolded(try parseAsRoot(Array(operands.arguments.dropFirst())))
                try command.run()
            }
            try Output.finish()
            Glibc.exit(ExitStatus.success.rawValue)
        } catch let error as CLIError {
            fail(error)
        } catch let error as ExitStatusConvertible {
            fail(CLIError(error))
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --version and a subcommand's --help: their text is the whole output, so text
                // that cannot be written is a failed command (exit 4), as for any other output.
                Output.write(fullMessage(for: error) + "\n")
                do { try Output.finish() } catch { fail(error) }
                Glibc.exit(0)
            }
            let status = code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
            ReportDocument.close(failedWith: CLIError(ExitStatus(rawValue: status) ?? .usage, message(for: error)))
            try? Output.finish()
            Output.errorLines(Self.escapingArguments(in: fullMessage(for: error)))
            Glibc.exit(status)
        }
    }

    private static func fail(_ error: CLIError) -> Never {
        // The command already failed: its error is the one reported and its status the exit
        // status; output that cannot be written on the way out would only hide it.
        ReportDocument.close(failedWith: error)
        try? Output.finish()
        error.report()
        Glibc.exit(error.status.rawValue)
    }

    /// `message` (a usage error of several lines) with each argument it echoes that holds a
    /// control character escaped (``TextEscaper/field``), so an argument cannot add a line: the
    /// whole argument, or the value of `--option=VALUE` or `-oVALUE`, as the parser quotes them.
    private static func escapingArguments(in message: String) -> String {
        let echoed = CommandLine.arguments.dropFirst().flatMap { argument in
            [argument, String(argument.drop { $0 != "=" }.dropFirst()), argument.hasPrefix("-") ? String(argument.dropFirst(2)) : ""]
        }
        return Set(echoed).filter { $0.unicodeScalars.contains(where: TextEscaper.isControl) }
            .sorted { $0.count > $1.count }
            .reduce(message) { $0.replacing($1, with: TextEscaper.field.escaped($1)) }
    }

    /// The 1-based position of the first argument that is not valid UTF-8, if any.
    ///
    /// `CommandLine.arguments` replaces invalid bytes with U+FFFD silently; reading the raw
    /// `argv` lets prefs refuse such arguments instead of storing replacement characters.
    private static func firstArgumentNotUTF8() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil { return index }
        }
        return nil
    }
}
