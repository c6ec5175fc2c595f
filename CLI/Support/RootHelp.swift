import Glibc

/// `prefs --help` as swift-argument-parser prints it at its default width of 80 columns, so
/// that the most common help request skips building the command tree (about 2 ms of
/// reflection). A test checks it against the parser's own `prefs help`; when a command's
/// help changes, paste that output here.
enum RootHelp {
    /// The help text, ending in a newline.
    static let text = """
        OVERVIEW: Read and write preferences stored as XML property lists.

        Domains (com.example.editor) are XML property list files in $PREFS_HOME, else
        $XDG_CONFIG_HOME/prefs, else ~/.config/prefs. Values print bare, so $(prefs
        read DOMAIN KEY) works in scripts; errors go to stderr. Where a DOMAIN goes, -g
        (or -globalDomain) names the global domain and --file PATH any plist file; --
        ends the options, for a key that starts with -.

        \(ExitStatus.table)

        USAGE: prefs <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          read                    Print every domain, a domain, or one value.
          read-type               Print a value's type as defaults does: Type is
                                  string, integer, float, boolean, date, data, array or
                                  dictionary.
          write                   Store a value, or replace a whole domain.
          delete                  Remove a value, or a whole domain.
          domains                 List the domains, one per line, sorted.
          find                    Search every domain's name, keys and values for a
                                  word (case-insensitive).
          rename                  Move a value from one key to another.
          import                  Replace a domain with the contents of a property list
                                  file.
          export                  Write a domain as a canonical XML property list.
          validate                Check that files are valid XML property lists.
          convert                 Convert a property list file to another format.
          doctor                  Check the preferences folder: permissions, owners,
                                  files that do not read, stale temporary files.
          palette                 Edit EmojiArt palette stores.
          check                   Check stored domains against their installed
                                  manifests.
          check-manifest          Check preference manifests themselves (pfm_* files).
          describe                Show the keys a domain's manifest describes, with
                                  their stored values.
          manifest                Print a starter manifest inferred from a domain's
                                  stored values.
          watch                   Print each change to a domain, one line per changed
                                  key, until interrupted.

          See 'prefs help <subcommand>' for detailed help.

        """

    /// Whether the parser would print ``text`` as is: 80 columns from `COLUMNS`, or no
    /// `COLUMNS` and a standard output that is no terminal or an 80-column one.
    static var matchesTerminalWidth: Bool {
        if let columns = getenv("COLUMNS") { return String(cString: columns) == "80" }
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) != 0 || size.ws_col == 80 || size.ws_col == 0
    }
}
