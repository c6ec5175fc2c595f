import ArgumentParser
import Preferences

/// `-currentHost` and `-host NAME`, for the commands `defaults` lets them change: given before
/// the verb as on a Mac, where ``LeadingOptions`` turns them into this group's `--current-host`
/// and `--host NAME` after it, or given so among the verb's options.
///
/// The group spells them with two dashes because swift-argument-parser also reads `-host` as
/// the short flags `-h -o -s -t`, and after any error in the command line that `-h` turns the
/// error into a help request (status 0, nothing done).
struct HostOption: ParsableArguments {
    /// The commands that take the options, as `defaults` has them, plus `watch`.
    static let commands = ["read", "read-type", "write", "delete", "rename", "import", "export", "find", "domains", "watch"]

    @Flag(
        name: .customLong("current-host"),
        help: "Work on this host's values of the domain (ByHost); also -currentHost before the command, as with defaults.")
    var currentHost = false

    @Option(
        help: ArgumentHelp(
            "Work on the domain's values for the host of this name (ByHost); also -host NAME before the command, as with defaults.", valueName: "name"))
    var host: String?

    /// What is wrong with the options, if anything, for the `validate()` of the command or
    /// option group that holds them. (A `validate()` of this group's own would run inside
    /// another group's, where swift-argument-parser reports its error as a request for help.)
    var problem: String? {
        if host == "" { return "--host needs a host name; an empty name names none" }
        if currentHost && host != nil { return "--current-host and --host name two different hosts; give one" }
        return nil
    }

    /// The host the options name.
    var scope: HostScope {
        if let host { return .named(host) }
        return currentHost ? .current : .any
    }
}
