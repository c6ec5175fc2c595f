import ArgumentParser
import Preferences
import PropertyLists

extension Prefs {
    /// `prefs find WORD`: searches domain names, keys and values.
    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find",
            abstract: "Search every domain's name, keys and values for a word (case-insensitive).",
            discussion: """
                Prints DOMAIN: KEY-PATH = VALUE per match, the key path escaped as --key-path takes it \
                (a key a.b prints as a\\.b); a domain whose name matches prints all its keys. With -g or \
                --file PATH, searches that one domain or file (whose path is not matched). Exits 1 when \
                nothing matches, like grep.
                """
        )

        @OptionGroup var store: StoreOptions

        @Argument(help: "The text to look for.")
        var word: String

        func validate() throws {
            if word.isEmpty { throw ValidationError("WORD is empty; give the text to look for") }
        }

        func run() throws {
            let needle = Needle(word)
            let location = try store.location()
            var found = false
            var unreadable: CLIError?
            for (name, file) in try Self.files(at: location) {
                let dictionary: PropertyListDictionary?
                do {
                    dictionary = try file.read()
                } catch {
                    let failure = CLIError(error)
                    failure.report()
                    unreadable = CLIError.silent(failure.status.combined(with: unreadable?.status))
                    continue
                }
                guard let dictionary else { continue }
                let report = { (path: [String], value: PropertyList) in
                    found = true
                    let text = TextFormat.bare(value) ?? value.typeName
                    let line = TextEscaper.field.escaped(name) + ": " + TextEscaper.line.escaped(PropertyListKeyPath(components: path).description)
                    Output.write(line + " = " + TextEscaper.field.escaped(text) + "\n")
                }
                if location.file == nil && needle.isFound(in: name) {
                    for (key, value) in dictionary.sortedEntries { report([key], value) }
                } else {
                    var path: [String] = []
                    Self.forEachMatch(of: needle, in: .dictionary(dictionary), path: &path, report)
                }
            }
            if let unreadable { throw unreadable }
            if !found { throw CLIError.silent(.notFound) }
        }

        /// The files to search, each with the name its matches print under: the one `-g` or
        /// `--file` names, else every domain in the folder.
        private static func files(at location: StoreLocation) throws -> [(String, DomainFile)] {
            if location.namesTarget {
                var none = ArraySlice<String>()
                let target = try location.target(&none)
                return [(location.file ?? target.name, target.file)]
            }
            let folder = try location.folder()
            let host = try location.host.id(in: PreferencesEnvironment.process)
            return try folder.domainNames(host: host, notices: Output.notices).map { (name: String) throws -> (String, DomainFile) in
                (name, folder.file(for: try DomainName(name), host: host))
            }
        }

        /// Calls `report` with each key path whose key or scalar value contains `needle`, in
        /// order; a key is reported only when nothing under it is.
        ///
        /// - Returns: Whether anything was reported.
        /// - Complexity: O(*n*·*d*) for *n* values nested *d* deep, as the value is expanded
        ///   (a shared part of a binary file is searched once per reference); nothing is kept
        ///   but the path to the value being searched.
        @discardableResult
        private static func forEachMatch(
            of needle: Needle, in value: PropertyList, path: inout [String],
            _ report: ([String], PropertyList) -> Void
        ) -> Bool {
            switch value {
            case .dictionary(let dictionary):
                var reported = false
                for (key, element) in dictionary.sortedEntries {
                    path.append(key)
                    if forEachMatch(of: needle, in: element, path: &path, report) {
                        reported = true
                    } else if needle.isFound(in: key) {
                        report(path, element)
                        reported = true
                    }
                    path.removeLast()
                }
                return reported
            case .array(let elements):
                var reported = false
                for (index, element) in elements.enumerated() {
                    path.append(String(index))
                    reported = forEachMatch(of: needle, in: element, path: &path, report) || reported
                    path.removeLast()
                }
                return reported
            default:
                // Data is searched by its bytes in hexadecimal, not by the words of its printed
                // form ({length = N, bytes = 0x…}).
                let text = if case .data(let bytes) = value { OpenStepWriter.hex(bytes) } else { TextFormat.bare(value) ?? "" }
                guard needle.isFound(in: text) else { return false }
                report(path, value)
                return true
            }
        }

        /// The word looked for, lowercased, found by its UTF-8 bytes in lowercased text (as grep
        /// finds bytes) by Knuth, Morris and Pratt's algorithm, in time linear in the text.
        struct Needle {
            private let bytes: [UInt8]
            /// For each prefix of ``bytes``, the length of its longest proper prefix that is also
            /// its suffix: where a search resumes after a mismatch.
            private let fallback: [Int]

            init(_ word: String) {
                bytes = Array(word.lowercased().utf8)
                var fallback = [0]
                var matched = 0
                for byte in bytes.dropFirst() {
                    while matched > 0 && bytes[matched] != byte { matched = fallback[matched - 1] }
                    if bytes[matched] == byte { matched += 1 }
                    fallback.append(matched)
                }
                self.fallback = fallback
            }

            /// Whether `text`, lowercased, contains the word.
            func isFound(in text: String) -> Bool {
                var matched = 0
                for byte in text.lowercased().utf8 {
                    while matched > 0 && bytes[matched] != byte { matched = fallback[matched - 1] }
                    if bytes[matched] == byte { matched += 1 }
                    if matched == bytes.count { return true }
                }
                return false
            }
        }
    }
}
