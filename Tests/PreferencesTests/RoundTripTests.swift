import Foundation
import Glibc
import Preferences
import PropertyLists
import Testing

/// Values written through the store, read back by a second store instance and by Python's
/// `plistlib` as an independent reader of the file.
@Suite("Values round-trip through the domain file")
struct RoundTripTests {
    @Test func everyTypeReadsBackFromASecondInstanceAndFromPlistlib() throws {
        try withScratch { scratch throws in
            let writer = try scratch.store()
            try writer.set("héllo <&>", forKey: "string")
            try writer.set(-42, forKey: "integer")
            try writer.set(UInt64.max, forKey: "big")
            try writer.set(2.5, forKey: "real")
            try writer.set(true, forKey: "flag")
            try writer.set(Date(timeIntervalSince1970: 1_709_210_096), forKey: "date")
            try writer.set(Data([0xDE, 0xAD]), forKey: "data")
            try writer.set(["a", "b"], forKey: "array")
            try writer.set(["inner": [1, 2]], forKey: "dictionary")

            let reader = try scratch.store()
            #expect(try reader.string(forKey: "string") == "héllo <&>")
            #expect(try reader.integer(forKey: "integer") == -42)
            #expect(try reader.object(forKey: "big") == .integer(.max))
            #expect(try reader.double(forKey: "real") == 2.5)
            #expect(try reader.bool(forKey: "flag"))
            #expect(try reader.date(forKey: "date") == Date(timeIntervalSince1970: 1_709_210_096))
            #expect(try reader.data(forKey: "data") == Data([0xDE, 0xAD]))
            #expect(try reader.stringArray(forKey: "array") == ["a", "b"])
            #expect(try reader.dictionary(forKey: "dictionary") == ["inner": [1, 2]])

            #expect(
                try pythonReading(scratch.domainPath()) == """
                    {"array": ["a", "b"], "big": 18446744073709551615, "data": {"data": "dead"}, \
                    "date": {"date": "2024-02-29T12:34:56Z"}, "dictionary": {"inner": [1, 2]}, "flag": true, \
                    "integer": -42, "real": {"real": "2.5"}, "string": "h\\u00e9llo <&>"}
                    """)
        }
    }

    @Test func fileIsByteForByteWhatPlistlibWritesForTheSameValues() throws {
        try withScratch { scratch throws in
            let writer = try scratch.store()
            try writer.set("dark", forKey: "theme")
            try writer.set(13, forKey: "fontSize")
            try writer.set(false, forKey: "wrap")
            try writer.set(["a.txt", "b.txt"], forKey: "recent")
            try writer.set(["width": 800, "empty": .dictionary([:])] as PropertyList, forKey: "window")
            let result = try runPython(
                """
                import plistlib, sys
                with open(sys.argv[1], "rb") as f: value = plistlib.load(f)
                sys.stdout.buffer.write(plistlib.dumps(value, sort_keys=True))
                """, [scratch.domainPath()])
            #expect(result.status == 0, "\(result)")
            #expect(String(decoding: try #require(scratch.bytes(scratch.domainPath())), as: UTF8.self) == result.stdout)
        }
    }

    @Test func removeObjectDeletesOnlyThatKeyFromTheFile() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set("a", forKey: "keep")
            try store.set("b", forKey: "drop")
            try store.removeObject(forKey: "drop")
            #expect(try scratch.store().object(forKey: "drop") == nil)
            #expect(try scratch.store().string(forKey: "keep") == "a")
            #expect(try pythonReading(scratch.domainPath()) == #"{"keep": "a"}"#)
        }
    }

    @Test func settingNilRemovesTheKey() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(1, forKey: "keep")
            try store.set(2, forKey: "drop")
            try store.set(nil, forKey: "drop")
            #expect(try scratch.store().object(forKey: "drop") == nil)
            #expect(try pythonReading(scratch.domainPath()) == #"{"keep": 1}"#)
        }
    }

    @Test func removingTheLastKeyLeavesAnEmptyDomainFile() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set(1, forKey: "only")
            try store.removeObject(forKey: "only")
            #expect(try pythonReading(scratch.domainPath()) == "{}")
            #expect(try scratch.store().persistentDomain(forName: "com.example.editor") == PropertyListDictionary())
        }
    }

    @Test func removingAKeyOfADomainWithNoFileWritesNothing() throws {
        // UserDefaults does not create a domain file when a removal changes nothing, and
        // DomainFile.update promises that a change that leaves the domain as it was writes nothing.
        try withScratch { scratch throws in
            try scratch.store().removeObject(forKey: "absent")
            try scratch.store().set(nil, forKey: "absent")
            #expect(!FileManager.default.fileExists(atPath: scratch.domainPath()))
            #expect(try scratch.store().persistentDomainNames == [])
        }
    }

    @Test func writingTheSameValueAgainLeavesTheFileUntouched() throws {
        try withScratch { scratch throws in
            let store = try scratch.store()
            try store.set("same", forKey: "k")
            var before = stat()
            #expect(stat(scratch.domainPath(), &before) == 0)
            try scratch.store().set("same", forKey: "k")
            var after = stat()
            #expect(stat(scratch.domainPath(), &after) == 0)
            #expect(before.st_ino == after.st_ino)
        }
    }

    @Test func updateChangesSeveralKeysInOneWriteAndReturnsTheBodysResult() throws {
        try withScratch { scratch throws in
            try scratch.store().set(1, forKey: "a")
            let seen = try scratch.store().update { values in
                let old = values["a"]
                values["a"] = 2
                values["b"] = "new"
                return old
            }
            #expect(seen == 1)
            #expect(try pythonReading(scratch.domainPath()) == #"{"a": 2, "b": "new"}"#)
        }
    }

    @Test func updateWhoseBodyThrowsWritesNothing() throws {
        try withScratch { scratch throws in
            try scratch.store().set(1, forKey: "a")
            let before = scratch.bytes(scratch.domainPath())
            let error = preferenceError {
                try scratch.store().update { (values: inout PropertyListDictionary) throws(PreferenceError) in
                    values["a"] = 99
                    throw PreferenceError(.invalidArgument, "refused by the test")
                }
            }
            #expect(error == PreferenceError(.invalidArgument, "refused by the test"))
            #expect(scratch.bytes(scratch.domainPath()) == before)
        }
    }

    @Test func domainFileIs0600AndMissingFoldersAreCreated0700() throws {
        try withScratch { scratch throws in
            let nested = scratch.path + "/config/prefs"
            let store = try PreferenceStore(
                domain: "com.example.editor", folder: PreferencesFolder(path: nested + "/"),
                arguments: ["tests"])
            try store.set(1, forKey: "k")
            var status = stat()
            #expect(stat(nested + "/com.example.editor.plist", &status) == 0)
            #expect(status.st_mode & 0o777 == 0o600)
            for folder in [scratch.path + "/config", nested] {
                #expect(stat(folder, &status) == 0)
                #expect(status.st_mode & S_IFMT == S_IFDIR)
                #expect(status.st_mode & 0o777 == 0o700, "\(folder)")
            }
        }
    }

    @Test func domainWrittenByPlistlibReadsBack() throws {
        try withScratch { scratch throws in
            let result = try runPython(
                """
                import datetime, plistlib, sys
                value = {"s": "x", "i": -3, "r": 0.5, "b": True, "d": b"\\x00\\x01",
                         "t": datetime.datetime(2024, 2, 29, 12, 34, 56), "a": [1, "two"], "n": {"k": False}}
                with open(sys.argv[1], "wb") as f: plistlib.dump(value, f)
                """, [scratch.domainPath()])
            #expect(result.status == 0, "\(result)")
            let expected: PropertyListDictionary = [
                "s": "x", "i": -3, "r": 0.5, "b": true, "d": .data([0, 1]),
                "t": .date(PropertyListDate(year: 2024, month: 2, day: 29, hour: 12, minute: 34, second: 56)!),
                "a": [1, "two"], "n": ["k": false]
            ]
            #expect(try scratch.store().persistentDomain(forName: "com.example.editor") == expected)
            #expect(try scratch.store().dictionaryRepresentation() == expected)
        }
    }
}
