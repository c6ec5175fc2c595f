import Glibc
import PropertyLists

/// The kinds of problem the checking commands report, each with a stable id: SARIF's rule ids
/// and the `rule` of `--report json`, so a CI can filter or suppress one kind.
enum ProblemRule: String, CaseIterable {
    case malformedXML = "malformed-xml"
    case invalidPropertyList = "invalid-plist"
    case forbiddenXML = "forbidden-xml"
    case otherFormat = "other-format"
    case tooLarge = "too-large"
    case missingFile = "missing-file"
    case unreadableFile = "unreadable-file"
    case untrustedFile = "untrusted-file"
    case systemLimit = "system-limit"
    case notADomain = "not-a-domain"
    case manifestViolation = "manifest-violation"
    case manifestWarning = "manifest-warning"
    case malformedManifest = "malformed-manifest"
    case unenforceableManifestRule = "unenforceable-manifest-rule"

    /// The rule of a reader's problem of kind `code` in `file`.
    init(_ code: PropertyListError.Code, file: String) {
        switch code {
        case .malformed: self = .malformedXML
        case .invalid, .unrepresentable: self = .invalidPropertyList
        case .forbidden: self = .forbiddenXML
        case .unsupportedFormat: self = .otherFormat
        case .tooLarge: self = .tooLarge
        case .systemLimit: self = .systemLimit
        case .io:
            var status = stat()
            self = file != "<stdin>" && stat(file, &status) != 0 && errno == ENOENT ? .missingFile : .unreadableFile
        }
    }

    /// What the rule checks, one sentence.
    var summary: String {
        switch self {
        case .malformedXML: "The file is well-formed XML."
        case .invalidPropertyList: "The XML follows Apple's property list DTD, and each value its type's syntax."
        case .forbiddenXML: "The XML uses no DTD subset, entity or foreign DTD, which property lists must not."
        case .otherFormat: "The file is an XML property list, not binary, JSON or old-style (unless --any-format)."
        case .tooLarge: "The file is within prefs' limits: 64 MiB, nesting 200 deep."
        case .missingFile: "The file named exists."
        case .unreadableFile: "The file can be opened and read."
        case .untrustedFile: "No other user may change the file (read and write refuse one they may)."
        case .systemLimit: "A system limit (open files, memory) did not stop the check."
        case .notADomain: "The root of a preferences domain is a dictionary."
        case .manifestViolation: "Each value meets its preference manifest's rules."
        case .manifestWarning: "Each key is one the manifest names, and not deprecated."
        case .malformedManifest: "The preference manifest can be used: a dictionary with pfm_domain, known types, bounds in order."
        case .unenforceableManifestRule: "Each rule of the preference manifest is one prefs can enforce."
        }
    }
}
