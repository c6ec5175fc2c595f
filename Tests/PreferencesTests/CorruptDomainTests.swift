import Foundation
import Preferences
import PropertyLists
import Testing

/// A domain file that does not read is reported, never read as empty and never overwritten:
/// `UserDefaults` silently starts over with an empty domain and loses the user's settings.
@Suite("Corrupt domain files are reported and left untouched")
struct CorruptDomainTests {
    static let corruptFiles = [
        "<plist version=\"1.0\"><dict><key>a</key></plist>",
        "",
        "not xml at all\n",
        "bplist00\u{1}\u{2}",
        "{\"json\": true}",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array/>\n</plist>\n",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<string>a</string>\n</plist>\n"
    ]

    /// Reads throw .unreadable.
    @Test(arguments: corruptFiles)
    func readsThrowUnreadable(contents: String) throws {
        try withScratch { scratch throws in
            try scratch.write(contents, to: scratch.domainPath())
            let store = try scratch.store()
            for read: () throws -> Void in [
                { () throws in _ = try store.object(forKey: "a") },
                { () throws in _ = try store.integer(forKey: "a") },
                { () throws in _ = try store.dictionaryRepresentation() },
                { () throws in _ = try store.persistentDomain(forName: "com.example.editor") }
            ] {
                let error = preferenceError(read)
                #expect(error?.code == .unreadable)
                #expect(error?.message.contains(scratch.domainPath()) == true, "\(String(describing: error))")
            }
        }
    }

    /// Writes refuse and leave the file's bytes unchanged.
    @Test(arguments: corruptFiles)
    func writesRefuseAndLeaveTheBytesAlone(contents: String) throws {
        try withScratch { scratch throws in
            try scratch.write(contents, to: scratch.domainPath())
            let before = try #require(scratch.bytes(scratch.domainPath()))
            let store = try scratch.store()
            for write: () throws -> Void in [
                { () throws in try store.set(1, forKey: "a") },
                { () throws in try store.removeObject(forKey: "a") },
                { () throws in try store.update { $0 = [:] } },
                { () throws in try store.setPersistentDomain(["a": 1], forName: "com.example.editor") },
                { () throws in try store.removePersistentDomain(forName: "com.example.editor") }
            ] {
                #expect(preferenceError(write)?.code == .unreadable)
                #expect(scratch.bytes(scratch.domainPath()) == before)
            }
            #expect(try scratch.names() == ["com.example.editor.plist"])
        }
    }

    @Test func diagnosticsNameTheFileAndTheLine() throws {
        try withScratch { scratch throws in
            try scratch.write(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>a</key>
                \t<integer>12x</integer>
                </dict>
                </plist>

                """, to: scratch.domainPath())
            let error = try #require(preferenceError { _ = try scratch.store().object(forKey: "a") })
            #expect(error.code == .unreadable)
            let first = try #require(error.diagnostics.first)
            #expect(first.file == scratch.domainPath())
            #expect(first.line == 6)
            #expect(error.description.hasPrefix("\(scratch.domainPath()):6:11: error: "))
        }
    }

    @Test func malformedXMLDiagnosticCarriesALine() throws {
        try withScratch { scratch throws in
            try scratch.write(
                "<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>x</strin>\n</dict>\n</plist>\n",
                to: scratch.domainPath())
            let error = try #require(preferenceError { _ = try scratch.store().object(forKey: "a") })
            #expect(error.code == .unreadable)
            #expect(!error.diagnostics.isEmpty)
            #expect(error.diagnostics.allSatisfy { $0.file == scratch.domainPath() && $0.line != nil })
            #expect(error.diagnostics.first?.line == 4)
        }
    }

    @Test func fileThatBreaksAfterAGoodReadIsReportedNotServedFromTheOldCopy() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set("kept", forKey: "a")
            #expect(try store.string(forKey: "a") == "kept")
            try scratch.write("<plist><dict><key>a</key>", to: scratch.domainPath())
            #expect(preferenceError { _ = try store.string(forKey: "a") }?.code == .unreadable)
        }
    }

    @Test func corruptGlobalDomainFailsOnlyTheLookupsThatReachIt() throws {
        try withScratch { scratch throws in
            try scratch.store().set("mine", forKey: "a")
            try scratch.write("<plist><dict>", to: scratch.domainPath("NSGlobalDomain"))
            let store = try scratch.store()
            #expect(try store.string(forKey: "a") == "mine")
            #expect(preferenceError { _ = try store.object(forKey: "missing") }?.code == .unreadable)
            #expect(preferenceError { _ = try store.dictionaryRepresentation() }?.code == .unreadable)
            try store.set("still writable", forKey: "b")
            #expect(try scratch.store().persistentDomain(forName: "com.example.editor") == ["a": "mine", "b": "still writable"])
        }
    }

    @Test func unreadableDomainStillHasItsNameListed() throws {
        try withScratch { scratch throws in
            try scratch.write("garbage", to: scratch.domainPath("com.example.broken"))
            #expect(try scratch.store().persistentDomainNames == ["com.example.broken"])
        }
    }
}
