import ArgumentParser

/// The options of the commands that check the files and folders they are given (`validate`,
/// `check-manifest`): how the problems are reported and which files of a folder are checked.
struct FileCheckOptions: ParsableArguments {
    @Option(help: ReportFormat.help)
    var report: ReportFormat?

    @Option(help: ArgumentHelp("In folders, check the files matching this glob instead of *.plist (repeatable).", valueName: "glob"))
    var include: [String] = []

    @Option(help: ArgumentHelp("In folders, skip the files and folders matching this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    func validate() throws {
        if let empty = (include + exclude).first(where: \.isEmpty) {
            throw ValidationError("--include and --exclude need a glob; \"\(empty)\" matches nothing")
        }
    }

    /// The files of a folder that `--include` and `--exclude` select.
    var selection: FileSelection {
        var selection = FileSelection()
        if !include.isEmpty { selection.include = include }
        selection.exclude = exclude
        return selection
    }
}
