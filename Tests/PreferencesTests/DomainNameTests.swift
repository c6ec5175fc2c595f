import Foundation
import Preferences
import PropertyLists
import Testing

/// Domain names become file names, so a name must never reach outside the preferences folder.
@Suite("Domain name validation")
struct DomainNameTests {
    /// Names that could escape the folder or hide a file are refused.
    @Test(
        arguments: [
            "", ".", "..", "../x", "x/..", "a/b", "/etc/passwd", "a\\b", ".hidden", "-x", "a..b",
            "a\u{0}b", "a\nb", "a\rb", "a\tb", "a\u{7F}b", "a\u{85}b",
            String(repeating: "a", count: 201), String(repeating: "é", count: 100) + "a"
        ])
    func refused(name: String) {
        let error = preferenceError { _ = try DomainName(name) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.hasPrefix("invalid domain name \"") == true, "\(String(describing: error))")
    }

    /// Ordinary names are accepted and map to <name>.plist.
    @Test(
        arguments: [
            "com.example.editor", "a_b-c.1", "NSGlobalDomain", "x", "a.", "name with spaces", "日本語",
            String(repeating: "a", count: 200), String(repeating: "é", count: 100)
        ])
    func accepted(name: String) throws {
        let domain = try DomainName(name)
        #expect(domain.rawValue == name)
        #expect(domain.description == name)
        #expect(domain.fileName == name + ".plist")
    }

    @Test func limitIsCountedInUTF8Bytes() {
        #expect(DomainName.maxLength == 200)
        let tooLong = String(repeating: "é", count: 101)
        #expect(tooLong.count == 101)
        #expect(preferenceError { _ = try DomainName(tooLong) }?.message.contains("202 bytes") == true)
    }

    @Test func controlCharactersAreShownEscapedInTheMessage() {
        let error = preferenceError { _ = try DomainName("bad\nname") }
        #expect(error?.message.contains("\"bad\\nname\"") == true, "\(String(describing: error))")
        #expect(error?.message.contains("\n") == false)
    }

    @Test func globalDomainIsNSGlobalDomain() throws {
        #expect(DomainName.global.rawValue == "NSGlobalDomain")
        #expect(try DomainName("NSGlobalDomain") == DomainName.global)
    }

    /// Every name macOS gives the global domain is the global domain, file and all; a name
    /// that only resembles one is a domain of its own.
    @Test(arguments: ["NSGlobalDomain", ".GlobalPreferences", "kCFPreferencesAnyApplication", "Apple Global Domain"])
    func macOSNamesOfTheGlobalDomainAreIt(name: String) throws {
        let domain = try DomainName(name)
        #expect(domain == DomainName.global)
        #expect(domain.fileName == "NSGlobalDomain.plist")
        try withScratch { scratch throws in
            try PreferenceStore(domain: name, folder: scratch.folder, arguments: ["tests"]).set("en_GB", forKey: "AppleLocale")
            #expect(try PreferenceStore(domain: "NSGlobalDomain", folder: scratch.folder, arguments: ["tests"]).string(forKey: "AppleLocale") == "en_GB")
        }
        #expect(try DomainName("apple global domain") != DomainName.global)
        #expect(preferenceError { _ = try DomainName(".GlobalPreferences2") }?.code == .invalidArgument)
    }

    /// A store cannot be opened on a refused name, and nothing is created.
    @Test(
        arguments: ["../escape", "a/b", ".hidden", ""])
    func storeRefusesTheName(name: String) throws {
        try withScratch { scratch throws in
            let error = preferenceError {
                _ = try PreferenceStore(domain: name, folder: scratch.folder, arguments: ["tests"])
            }
            #expect(error?.code == .invalidArgument)
            #expect(try scratch.names() == [])
        }
    }

    @Test func storeFileForAValidNameLivesDirectlyInTheFolder() throws {
        try withScratch { scratch throws in
            let file = scratch.folder.file(for: try DomainName("com.example.editor"))
            #expect(file.path == scratch.path + "/com.example.editor.plist")
            #expect(file.domain == "com.example.editor")
        }
    }
}
