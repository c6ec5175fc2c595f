import Foundation
import Preferences
import PropertyLists
import Testing

/// ByHost domains: a domain's values for one host, in `ByHost/DOMAIN.HOST.plist`, come before its
/// values for any host, as CFPreferences searches them.
@Suite("ByHost values of a domain")
struct ByHostTests {
    /// A store of `com.example.editor` on `scratch` for `host`, on a machine whose id is `this`.
    private func store(_ scratch: Scratch, host: HostScope = .any) throws -> PreferenceStore {
        try PreferenceStore(
            domain: "com.example.editor", folder: scratch.folder, arguments: ["tests"], systemFolders: [], host: host,
            environment: PreferencesEnvironment([:], currentHost: "this"))
    }

    /// A store of this host writes its ByHost file; every store of the domain reads that value
    /// before the value for any host, and names the file it comes from; another host's values
    /// are not this host's.
    @Test func thisHostsValuesComeBeforeTheValuesForAnyHost() throws {
        try withScratch { scratch throws in
            try store(scratch).set(1, forKey: "size")
            try store(scratch, host: .current).set(2, forKey: "size")
            try store(scratch, host: .named("other")).set(3, forKey: "size")
            #expect(scratch.bytes(scratch.file("ByHost/com.example.editor.this.plist")) != nil)
            #expect(try store(scratch).integer(forKey: "size") == 2)
            #expect(try store(scratch).origin(ofKey: "size") == scratch.file("ByHost/com.example.editor.this.plist"))
            #expect(try store(scratch, host: .named("other")).integer(forKey: "size") == 3)
            #expect(try store(scratch).persistentDomain(forName: "com.example.editor") == ["size": 1])
            try store(scratch, host: .current).removeObject(forKey: "size")
            #expect(try store(scratch).integer(forKey: "size") == 1)
        }
    }

    /// This machine's id is checked as a host name is: one that could name a file elsewhere
    /// makes a store of this host's values fail, names no file, and leaves a store of the
    /// values for any host without ByHost values.
    @Test(arguments: ["x/../../com.victim", ".hidden", "a\u{1b}b", ""])
    func machineIDThatIsNoHostNameNamesNoFile(id: String) throws {
        try withScratch { scratch throws in
            let environment = PreferencesEnvironment([:], currentHost: id)
            #expect(environment.currentHost == nil)
            let error = #expect(throws: PreferenceError.self) {
                try PreferenceStore(
                    domain: "com.example.editor", folder: scratch.folder, arguments: ["tests"], systemFolders: [], host: .current,
                    environment: environment)
            }
            #expect(error?.code == .invalidArgument)
            let any = try PreferenceStore(
                domain: "com.example.editor", folder: scratch.folder, arguments: ["tests"], systemFolders: [], environment: environment)
            try any.set(1, forKey: "k")
            #expect(try any.integer(forKey: "k") == 1)
            #expect(try scratch.names() == ["com.example.editor.plist"])
        }
    }

    /// A host name that cannot be part of a file name is refused before anything is touched.
    @Test(arguments: ["", "../x", ".hidden", "a/b"])
    func badHostNameIsRefused(name: String) throws {
        try withScratch { scratch throws in
            let error = #expect(throws: PreferenceError.self) { try store(scratch, host: .named(name)) }
            #expect(error?.message.hasPrefix("invalid host name \"\(name)\"") == true, "\(error?.message ?? "")")
            #expect(try scratch.names().isEmpty)
        }
    }
}
