import ArgumentParser

/// A `prefs palette` subcommand: it works on the store that its own options name, or else the
/// options given before it (`prefs palette --store S list` or `prefs palette list --store S`).
///
/// Conforming commands declare the two options (`@ParentCommand var palette` and
/// `@OptionGroup var localOptions`); property wrappers cannot come from a protocol.
protocol PaletteSubcommand: ParsableCommand {
    /// The `prefs palette` command, with the options given before the subcommand.
    var palette: Prefs.PaletteCommand { get }
    /// The options given after the subcommand.
    var localOptions: PaletteOptions { get }
}

extension PaletteSubcommand {
    /// The store the command works on.
    var options: ResolvedPaletteOptions { localOptions.filled(from: palette.options) }
}
