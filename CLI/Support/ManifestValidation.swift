import Preferences
import PropertyLists

/// What `prefs validate --manifest` and `prefs check` do: check property list files, then the
/// domains they hold against a preference manifest, and report every problem as
/// `FILE:LINE: error: key "a.b": MESSAGE` (or in the report's other formats).
struct ManifestValidation {
    /// The manifest.
    let manifest: Manifest
    /// Keys the manifest does not name are errors.
    let strict: Bool
    /// Files in another format than XML are read too.
    let anyFormat: Bool
    /// Where problems go.
    let report: ProblemReport

    /// Reads the manifest at `manifestPath`, or loads it compiled from the cache.
    ///
    /// - Throws: ``PreferenceError``: exit 1 when there is no such file, 3 when it does not
    ///   read or is malformed.
    init(manifestPath: String, strict: Bool, anyFormat: Bool = false, report: ProblemReport) throws {
        self.init(
            manifest: try Manifest(contentsOf: manifestPath, cache: PreferencesEnvironment.process.manifestCache), strict: strict, anyFormat: anyFormat,
            report: report)
        // The command ends with the check, so the manifest is kept for the process's exit to
        // reclaim: releasing it would free each of its keys one by one, which for a large
        // manifest costs as much as checking a domain against it.
        _ = Unmanaged.passRetained(KeptUntilExit(manifest))
    }

    init(manifest: Manifest, strict: Bool, anyFormat: Bool = false, report: ProblemReport) {
        self.manifest = manifest
        self.strict = strict
        self.anyFormat = anyFormat
        self.report = report
    }

    /// Checks one file (`-`: standard input), reporting it as passed or with its problems:
    /// status 1 when it does not exist, 3 when it does not read or breaks the manifest.
    ///
    /// A file is checked entry by entry as it is read, without building the domain or
    /// recording lines; only one with problems is read again to place them (standard input,
    /// which cannot be read twice, is read whole with its lines recorded at once).
    ///
    /// - Returns: Whether it passed.
    @discardableResult
    func check(_ file: String, name: String) -> Bool {
        let reader = PropertyListReader()
        let value: PropertyList
        var lines: PropertyListLines?
        var domainCheck = ManifestDomainCheck(manifest, strict: strict)
        do throws(PropertyListError) {
            if file == "-" && !anyFormat {
                let read = try reader.readRecordingLines(contentsOf: file, fileName: name)
                (value, lines) = (read.value, read.lines)
                checkEntries(of: value, with: &domainCheck)
            } else if anyFormat {
                value = try readAnyFormat(file, name: name, lines: &lines)
                checkEntries(of: value, with: &domainCheck)
            } else {
                value = try reader.read(contentsOf: file, fileName: name) { key, entry in domainCheck.check(entry, forKey: key) }
            }
        } catch {
            report.fail(error.exitStatus, ReportedProblem.problems(in: error, file: name))
            return false
        }
        guard case .dictionary = value else {
            let problem = ReportedProblem(
                file: name, line: line(of: [], in: file, name: name, lines: &lines), column: 1, severity: .error,
                message: "the root is \(value.typeNameWithArticle); a domain's root is a dictionary", rule: .notADomain)
            report.fail(.unreadable, [problem])
            return false
        }
        let problems = domainCheck.finish().map { violation in
            ReportedProblem(
                file: name, line: line(of: violation.path, in: file, name: name, lines: &lines), column: nil,
                severity: violation.severity == .error ? .error : .warning, message: violation.description,
                rule: violation.severity == .error ? .manifestViolation : .manifestWarning)
        }
        guard problems.contains(where: { $0.severity == .error }) else {
            report.pass(name)
            for problem in problems { report.add(problem) }
            return true
        }
        report.fail(.unreadable, problems)
        return false
    }

    private func checkEntries(of value: PropertyList, with domainCheck: inout ManifestDomainCheck) {
        guard case .dictionary(let domain) = value else { return }
        for key in domain.keys {
            if let entry = domain[key] { domainCheck.check(entry, forKey: key) }
        }
    }

    /// The value of a file in any format; an XML one (or standard input) is read with its
    /// lines recorded, as problems are placed by them.
    private func readAnyFormat(_ file: String, name: String, lines: inout PropertyListLines?) throws(PropertyListError) -> PropertyList {
        let reader = PropertyListReader()
        if file != "-" {
            do throws(PropertyListError) {
                let read = try reader.readRecordingLines(contentsOf: file, fileName: name)
                lines = read.lines
                return read.value
            } catch  where error.code == .unsupportedFormat {
                lines = PropertyListLines()
            }
        }
        return try reader.read(anyFormatContentsOf: file, fileName: name).value
    }

    /// A manifest no release frees (see ``init(manifestPath:strict:anyFormat:report:)``).
    private final class KeptUntilExit {
        let manifest: Manifest

        init(_ manifest: Manifest) {
            self.manifest = manifest
        }
    }

    /// The line of `path` in the file, its lines recorded by a second read the first time one
    /// is asked for; line 1 when the file no longer reads (it changed since) or is in a format
    /// whose lines are not recorded.
    private func line(of path: [String], in file: String, name: String, lines: inout PropertyListLines?) -> Int {
        if lines == nil {
            do throws(PropertyListError) {
                lines = try PropertyListReader().readRecordingLines(contentsOf: file, fileName: name).lines
            } catch {
                lines = PropertyListLines()
            }
        }
        return lines?.line(of: path) ?? 1
    }
}
