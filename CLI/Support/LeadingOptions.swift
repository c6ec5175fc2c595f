/// The options `defaults` takes before its verb, `-currentHost` and `-host NAME`
/// (`defaults -currentHost write …`), moved after the verb as its own options (``HostOption``)
/// spell them, `--current-host` and `--host NAME`, so both spellings reach the command alike.
enum LeadingOptions {
    /// `arguments` (the process's, program first) with a leading `-currentHost` or `-host NAME`
    /// moved after the command word; unchanged when neither leads.
    ///
    /// - Throws: ``CLIError`` with status 2 when `-host` has no name, no command follows, both
    ///   options are given, or the command is not one that takes them.
    static func moved(_ arguments: [String]) throws -> [String] {
        guard arguments.count > 1, arguments[1] == "-currentHost" || arguments[1] == "-host" else { return arguments }
        var words = arguments.dropFirst()
        let given = words.removeFirst()
        var options = ["--current-host"]
        if given == "-host" {
            guard let name = words.popFirst(), !name.isEmpty, !name.hasPrefix("-") else {
                throw CLIError(.usage, "-host needs a host name before the command: prefs -host NAME COMMAND …")
            }
            options = ["--host", name]
        }
        guard let command = words.popFirst() else {
            let typed = given == "-host" ? "-host \(options[1])" : given
            throw CLIError(.usage, "missing command after \(typed): prefs \(typed) COMMAND …")
        }
        if command == "-currentHost" || command == "-host" {
            throw CLIError(.usage, "-currentHost and -host name two different hosts; give one")
        }
        guard HostOption.commands.contains(command) else {
            if given == "-host", HostOption.commands.contains(options[1]) {
                throw CLIError(.usage, "-host needs a host name before the command (it took \"\(options[1])\" for one): prefs -host NAME \(options[1]) …")
            }
            throw CLIError(
                .usage,
                "\(given) applies to \(HostOption.commands.joined(separator: ", ")), not to \"\(command)\"")
        }
        return [arguments[0], command] + options + words
    }
}
