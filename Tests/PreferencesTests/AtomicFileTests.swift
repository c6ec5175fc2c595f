import Foundation
import Glibc
import Preferences
import PropertyLists
import Testing

/// Whole-file replacement: owner-only permissions, no writing through links, no leftovers.
@Suite("Atomic file replacement")
struct AtomicFileTests {
    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : nil
    }

    @Test func newFileIsWrittenOwnerOnlyAndNothingElseIsLeft() throws {
        try withScratch { scratch throws in
            let path = scratch.file("a.plist")
            try AtomicFile.write(Array("hello".utf8), to: path)
            #expect(scratch.bytes(path) == Array("hello".utf8))
            #expect(mode(path).map { $0 & 0o777 } == 0o600)
            #expect(try scratch.names() == ["a.plist"])
        }
    }

    @Test func replacingAWorldReadableFileKeepsItsModeAndReplacesTheInode() throws {
        try withScratch { scratch throws in
            let path = scratch.file("a.plist")
            try scratch.write("old contents that are longer", to: path)
            #expect(chmod(path, 0o644) == 0)
            var before = stat()
            #expect(stat(path, &before) == 0)
            try AtomicFile.write(Array("new".utf8), to: path)
            var after = stat()
            #expect(stat(path, &after) == 0)
            #expect(scratch.bytes(path) == Array("new".utf8))
            #expect(after.st_mode & 0o777 == 0o644)
            #expect(after.st_ino != before.st_ino, "the file is replaced by rename, not rewritten in place")
            #expect(try scratch.names() == ["a.plist"])
        }
    }

    @Test func emptyAndLargeContentsAreWrittenExactly() throws {
        try withScratch { scratch throws in
            try AtomicFile.write([], to: scratch.file("empty"))
            #expect(scratch.bytes(scratch.file("empty")) == [])
            let large = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try AtomicFile.write(large, to: scratch.file("large"))
            #expect(scratch.bytes(scratch.file("large")) == large)
        }
    }

    @Test func refusesToWriteThroughASymbolicLinkAndLeavesTheTargetAlone() throws {
        try withScratch { scratch throws in
            let victim = scratch.file("victim")
            let link = scratch.file("a.plist")
            try scratch.write("precious", to: victim)
            #expect(symlink(victim, link) == 0)
            let error = preferenceError { try AtomicFile.write(Array("overwritten".utf8), to: link) }
            #expect(error?.code == .writeFailed)
            #expect(error?.message.contains("symbolic link") == true)
            #expect(scratch.bytes(victim) == Array("precious".utf8))
            #expect(mode(link).map { $0 & S_IFMT } == S_IFLNK, "the link is still a link")
            #expect(try scratch.names() == ["a.plist", "victim"])
        }
    }

    @Test func danglingSymbolicLinkIsRefusedToo() throws {
        try withScratch { scratch throws in
            let link = scratch.file("a.plist")
            #expect(symlink(scratch.file("nowhere"), link) == 0)
            #expect(preferenceError { try AtomicFile.write([1], to: link) }?.code == .writeFailed)
            #expect(!FileManager.default.fileExists(atPath: scratch.file("nowhere")))
        }
    }

    @Test func storeRefusesASymlinkedDomainFileAndLeavesTheTargetAlone() throws {
        try withScratch { scratch throws in
            let victim = scratch.file("victim.plist")
            try PreferenceStore(domain: "victim", folder: scratch.folder, arguments: ["tests"]).set("precious", forKey: "k")
            let before = try #require(scratch.bytes(victim))
            #expect(symlink(victim, scratch.domainPath()) == 0)
            let store = try scratch.store()
            #expect(try store.string(forKey: "k") == "precious", "reading through a link is fine")
            #expect(preferenceError { try store.set("changed", forKey: "k") }?.code == .writeFailed)
            #expect(scratch.bytes(victim) == before)
            #expect(mode(scratch.domainPath()).map { $0 & S_IFMT } == S_IFLNK)
        }
    }

    @Test func writeIntoAMissingFolderFailsAndLeavesNothing() throws {
        try withScratch { scratch throws in
            let error = preferenceError { try AtomicFile.write([1], to: scratch.file("missing/a.plist")) }
            #expect(error?.code == .writeFailed)
            #expect(error?.message.contains(scratch.file("missing")) == true)
            #expect(try scratch.names() == [])
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root writes into read-only folders"))
    func writeIntoAReadOnlyFolderFailsAndKeepsTheOldFile() throws {
        try withScratch { scratch throws in
            let path = scratch.file("a.plist")
            try scratch.write("old", to: path)
            #expect(chmod(scratch.path, 0o500) == 0)
            defer { chmod(scratch.path, 0o700) }
            #expect(preferenceError { try AtomicFile.write(Array("new".utf8), to: path) }?.code == .writeFailed)
            #expect(scratch.bytes(path) == Array("old".utf8))
        }
    }

    @Test func temporaryFilesLeftByAKilledWriterAreSweptOnTheNextWriteAndNothingElse() throws {
        try withScratch { scratch throws in
            let stray = scratch.file(".com.example.editor.plist.tmp-99999-12345")
            let otherDomainsStray = scratch.file(".com.example.other.plist.tmp-1-2")
            let notOurs = scratch.file(".com.example.editor.plist.tmp-1-2-backup")
            try scratch.write("half-written", to: stray)
            try scratch.write("half-written", to: otherDomainsStray)
            try scratch.write("a user's file", to: notOurs)
            // A domain whose name looks like a temporary file of another: never swept.
            try scratch.store().setPersistentDomain(["k": 1], forName: "com.example.editor.plist.tmp-1-2")
            try scratch.store().set(1, forKey: "k")
            #expect(!FileManager.default.fileExists(atPath: stray))
            #expect(FileManager.default.fileExists(atPath: otherDomainsStray), "another domain's files are not touched")
            #expect(FileManager.default.fileExists(atPath: notOurs), "a name prefs never makes is not touched")
            #expect(try scratch.store().persistentDomain(forName: "com.example.editor.plist.tmp-1-2") == ["k": 1])
            #expect(
                try scratch.names().filter { $0.contains("com.example.editor") }
                    == [".com.example.editor.plist.tmp-1-2-backup", "com.example.editor.plist", "com.example.editor.plist.tmp-1-2.plist"])
        }
    }
}
