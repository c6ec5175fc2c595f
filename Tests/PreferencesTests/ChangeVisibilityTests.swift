import Foundation
import Preferences
import PropertyLists
import Testing

/// A store keeps a parsed copy of each domain file and must notice every change made since,
/// by another instance, by another process, or by hand.
@Suite("Changes made elsewhere are seen by the next read")
struct ChangeVisibilityTests {
    @Test func writeByOneInstanceIsSeenByAnotherThatHasAlreadyRead() throws {
        try withScratch { scratch throws in
            let writer = try scratch.store()
            let reader = try scratch.store()
            try writer.set("first", forKey: "k")
            #expect(try reader.string(forKey: "k") == "first")
            try writer.set("second", forKey: "k")
            #expect(try reader.string(forKey: "k") == "second")
            try writer.removeObject(forKey: "k")
            #expect(try reader.object(forKey: "k") == nil)
        }
    }

    @Test func globalDomainWrittenByAnotherInstanceIsSeen() throws {
        try withScratch { scratch throws in
            let reader = try scratch.store()
            #expect(try reader.object(forKey: "AppleLanguages") == nil)
            try scratch.store("NSGlobalDomain").set(["fr"], forKey: "AppleLanguages")
            #expect(try reader.stringArray(forKey: "AppleLanguages") == ["fr"])
        }
    }

    @Test func rapidSameSizeRewritesAreNeverReadStale() throws {
        // Each write makes a new file by rename; the size stays the same and the writes come
        // faster than the file system's clock ticks, so only the content tells them apart.
        try withScratch { scratch throws in
            let writer = try scratch.store()
            let reader = try scratch.store()
            for round in 0..<60 {
                try writer.set("v\(100 + round * 3)", forKey: "k")
                #expect(try reader.string(forKey: "k") == "v\(100 + round * 3)")
                try writer.set("v\(101 + round * 3)", forKey: "k")
                try writer.set("v\(102 + round * 3)", forKey: "k")
                let seen = try reader.string(forKey: "k")
                #expect(seen == "v\(102 + round * 3)", "round \(round)")
                if seen != "v\(102 + round * 3)" { break }
            }
        }
    }

    @Test func externalRewriteByRenameIsSeen() throws {
        try withScratch { scratch throws in
            let reader = try scratch.store()
            try reader.set(1, forKey: "k")
            #expect(try reader.integer(forKey: "k") == 1)
            let result = try runPython(
                """
                import os, plistlib, sys
                with open(sys.argv[1] + ".new", "wb") as f: plistlib.dump({"k": 2, "added": "py"}, f)
                os.replace(sys.argv[1] + ".new", sys.argv[1])
                """, [scratch.domainPath()])
            #expect(result.status == 0, "\(result)")
            #expect(try reader.integer(forKey: "k") == 2)
            #expect(try reader.string(forKey: "added") == "py")
        }
    }

    @Test func externalRewriteInPlaceIsSeen() throws {
        try withScratch { scratch throws in
            let reader = try scratch.store()
            try reader.set(1, forKey: "k")
            #expect(try reader.integer(forKey: "k") == 1)
            let result = try runPython(
                """
                import plistlib, sys
                with open(sys.argv[1], "r+b") as f:
                    f.truncate(0)
                    plistlib.dump({"k": 7}, f)
                """, [scratch.domainPath()])
            #expect(result.status == 0, "\(result)")
            #expect(try reader.integer(forKey: "k") == 7)
        }
    }

    @Test func externalRemovalOfTheFileIsSeen() throws {
        try withScratch { scratch throws in
            let reader = try scratch.store()
            try reader.set(1, forKey: "k")
            #expect(try reader.integer(forKey: "k") == 1)
            try FileManager.default.removeItem(atPath: scratch.domainPath())
            #expect(try reader.object(forKey: "k") == nil)
            #expect(try reader.persistentDomain(forName: "com.example.editor") == nil)
        }
    }

    @Test func writeAppliesToWhatIsOnDiskNowNotToAnOldCopy() throws {
        try withScratch { scratch throws in
            let first = try scratch.store()
            let second = try scratch.store()
            try first.set(1, forKey: "a")
            #expect(try second.integer(forKey: "a") == 1)
            try first.set(2, forKey: "b")
            try second.set(3, forKey: "c")
            #expect(try pythonReading(scratch.domainPath()) == #"{"a": 1, "b": 2, "c": 3}"#)
        }
    }
}
