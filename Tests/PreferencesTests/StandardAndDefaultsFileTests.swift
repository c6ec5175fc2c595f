import Foundation
import PropertyLists
import Testing

@testable import Preferences

@Suite("PreferenceStore.standard and defaults shipped in a file")
struct StandardAndDefaultsFileTests {
    @Test func standardStoreIsTheExecutablesDomainUnlessPREFS_DOMAINNamesOne() throws {
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        #expect(PreferenceStore.standard.domain.rawValue == ProcessInfo.processInfo.environment["PREFS_DOMAIN"] ?? program)
        #expect(PreferenceStore.standardDomainName(in: PreferencesEnvironment()) == ProcessInfo.processInfo.environment["PREFS_DOMAIN"] ?? program)
    }

    @Test func standardStoreWithABadEnvironmentThrowsOnFirstUse() {
        let store = PreferenceStore(failing: PreferenceError(.invalidArgument, "PREFS_DOMAIN is \"..\""))
        #expect(preferenceError { _ = try store.integer(forKey: "k") }?.message == "PREFS_DOMAIN is \"..\"")
        #expect(preferenceError { try store.set(1, forKey: "k") }?.code == .invalidArgument)
        #expect(preferenceError { _ = try store.dictionaryRepresentation() }?.code == .invalidArgument)
    }

    @Test func defaultsFileIsRegisteredBelowTheDomain() throws {
        try withScratch { scratch throws in
            let path = scratch.file("defaults.plist")
            try Data(PropertyListWriter().write(["fontSize": 12, "theme": "light"])).write(to: URL(fileURLWithPath: path))
            let store = try scratch.store()
            try store.register(defaultsFrom: path)
            try store.set("dark", forKey: "theme")
            #expect(try store.integer(forKey: "fontSize") == 12)
            #expect(try store.string(forKey: "theme") == "dark")
            #expect(try pythonReading(scratch.domainPath()) == #"{"theme": "dark"}"#)
        }
    }

    @Test func missingOrUnreadableDefaultsFileIsATypedError() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            #expect(preferenceError { try store.register(defaultsFrom: scratch.file("none.plist")) }?.code == .notFound)
            try scratch.write("<plist><array/></plist>", to: scratch.file("bad.plist"))
            #expect(preferenceError { try store.register(defaultsFrom: scratch.file("bad.plist")) }?.code == .unreadable)
        }
    }
}
