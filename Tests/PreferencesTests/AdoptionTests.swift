import Foundation
import Preferences
import Testing

/// An error of the caller's own, thrown from an `update` closure.
private struct NotNow: Error, Equatable {}

@Suite("The store reads as a Swift programmer expects")
struct AdoptionTests {
    /// A literal that mixes types is one value wherever a value goes.
    @Test func mixedLiteralsAreOneValue() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(["a": 1, "b": [true, false], "c": 2.5], forKey: "mixed")
            try store.set([1, "two", ["three": 3]], forKey: "list")
            store.register(defaults: ["panel": ["visible": true, "width": 300]])
            try store.setPersistentDomain(["a": 1, "b": ["x", 2]], forName: "com.example.other")
            #expect(
                try pythonReading(scratch.domainPath())
                    == #"{"list": [1, "two", {"three": 3}], "mixed": {"a": 1, "b": [true, false], "c": {"real": "2.5"}}}"#)
            #expect(try store.dictionary(forKey: "panel") == ["visible": true, "width": 300])
            #expect(try pythonReading(scratch.domainPath("com.example.other")) == #"{"a": 1, "b": ["x", 2]}"#)
        }
    }

    /// Swift values still take the `PropertyListConvertible` overload.
    @Test func swiftValuesStillConvert() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            let size = 14
            let names = ["a", "b"]
            try store.set(size, forKey: "size")
            try store.set(names, forKey: "names")
            try store.set(Date(timeIntervalSince1970: 86_400.5), forKey: "when")
            #expect(try pythonReading(scratch.domainPath()) == #"{"names": ["a", "b"], "size": 14, "when": {"date": "1970-01-02T00:00:00Z"}}"#)
        }
    }

    /// A closure that throws an error of its own takes `update` with no `throws(…)` spelled out;
    /// its error reaches the caller as itself and nothing is written.
    @Test func updateClosureThrowingItsOwnErrorWritesNothing() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(1, forKey: "kept")
            #expect(throws: NotNow()) {
                try store.update { values in
                    values["kept"] = 2
                    throw NotNow()
                }
            }
            #expect(try pythonReading(scratch.domainPath()) == #"{"kept": 1}"#)
        }
    }

    /// A closure that calls throwing code of the library takes `update` as it is, and what it
    /// returns comes back.
    @Test func updateClosureCallingThrowingCodeReturnsItsResult() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            let count = try store.update { values in
                values["size"] = try PropertyList(any: 3 as Any)
                return values.count
            }
            #expect(count == 1)
            #expect(try store.integer(forKey: "size") == 3)
        }
    }

    /// A closure that throws nothing keeps `update`'s typed `PreferenceError`.
    @Test func updateClosureThrowingNothingKeepsTheTypedError() throws {
        try withScratch { scratch throws in
            try scratch.write("not a plist", to: scratch.domainPath())
            let store = try scratch.store()
            do throws(PreferenceError) {
                try store.update { $0["size"] = 3 }
                Issue.record("an unreadable domain was updated")
            } catch {
                #expect(error.code == .unreadable)
            }
        }
    }

    /// `persistentDomainNames` throws, with the system's reason, when the folder cannot be listed.
    @Test func persistentDomainNamesThrowsWhenTheFolderCannotBeListed() throws {
        try withScratch { scratch throws in
            try scratch.write("", to: scratch.file("file"))
            let store = try PreferenceStore(domain: "d", folder: PreferencesFolder(path: scratch.file("file")), arguments: ["tests"])
            let error = preferenceError { _ = try store.persistentDomainNames }
            #expect(error?.code == .unreadable)
            #expect(error?.cause == .notDirectory)
            #expect(try PreferenceStore(domain: "d", folder: PreferencesFolder(path: scratch.file("none")), arguments: ["tests"]).persistentDomainNames == [])
        }
    }

    /// The non-throwing read gives the key's default and hands the reason to the caller's handler.
    @Test func valueWithAnErrorHandlerReportsAndGivesTheDefault() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            var reported: [PreferenceError] = []
            try store.set(20, forKey: "fontSize")
            #expect(store.value(for: .fontSize) { reported.append($0) } == 20)
            #expect(reported.isEmpty)
            try store.set("huge", forKey: "fontSize")
            #expect(store.value(for: .fontSize) { reported.append($0) } == 12)
            #expect(reported.map(\.code) == [.typeMismatch])
            try scratch.write("<plist", to: scratch.domainPath())
            #expect(try scratch.store().value(for: .fontSize) { reported.append($0) } == 12)
            #expect(reported.map(\.code) == [.typeMismatch, .unreadable])
        }
    }
}
