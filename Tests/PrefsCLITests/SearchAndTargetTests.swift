import Foundation
import TestSupport
import Testing

/// `find` over domain names and escaped key paths, and the target options each verb honours or
/// refuses: none is accepted and then ignored.
@Suite("Search and targets")
struct SearchAndTargetTests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    func prefs(_ arguments: String...) throws -> CommandResult { try Shell.prefs(arguments, home: home) }

    /// find matches domain names and prints every key of such a domain, as the README tour does.
    @Test func findMatchesDomainNames() throws {
        _ = try prefs("write", "com.example.editor", "fontSize", "-int", "13")
        _ = try prefs("write", "com.example.editor", "recent", "-array", "a.txt")
        _ = try prefs("write", "other", "x", "y")
        let result = try prefs("find", "EDITOR")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "com.example.editor: fontSize = 13\ncom.example.editor: recent = array\n")
    }

    /// find looks for data by its bytes in hexadecimal, not by the words it prints with
    /// (`{length = 2, bytes = 0x0a0b}`).
    @Test func findSearchesDataByItsBytes() throws {
        _ = try prefs("write", "d", "blob", "-data", "0a0bcafe")
        #expect(try prefs("find", "CAFE").stdout == "d: blob = {length = 4, bytes = 0x0a0bcafe}\n")
        for word in ["length", "bytes", "0x", "4"] {
            let result = try prefs("find", word)
            #expect(result.status == 1 && result.stdout.isEmpty, "\(word): \(result)")
        }
    }

    /// find prints key paths escaped as --key-path takes them, so a key a.b and a nested a → b differ.
    @Test func findEscapesKeyPaths() throws {
        _ = try prefs("write", "d", "a.b", "flat zz")
        _ = try prefs("write", "d", "a", "--json", #"{"b": "nested zz", "c\\d": "slash zz"}"#)
        let result = try prefs("find", "zz")
        #expect(result.stdout == "d: a.b = nested zz\nd: a.c\\\\d = slash zz\nd: a\\.b = flat zz\n", "\(result)")
        for line in result.stdout.split(separator: "\n") {
            let parts = line.dropFirst(3).split(separator: " = ", maxSplits: 1)
            #expect(try prefs("read", "d", "--key-path", String(parts[0])).stdout == parts[1] + "\n", "\(line)")
        }
    }

    /// find searches a binary domain whose shared array is named 300 times as the 90,000 values it
    /// expands to, reports a key only when nothing under it matches, and folds case beyond ASCII.
    @Test func findSearchesSharedValuesAndFoldsCase() throws {
        // {"Café": [A × 300], "plain": "x"}, A = ["CAFÉ au lait", …] of 300 strings, in a 2 KB file.
        var objects: [[UInt8]] = [[0xD2, 0, 1, 0, 2, 0, 3, 0, 4]]
        objects.append([0x64] + "Café".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        objects.append([0x55] + Array("plain".utf8))
        objects.append([0xAF, 0x11, 0x01, 0x2C] + (0..<300).flatMap { _ in [UInt8(0), 5] })
        objects.append([0x51, UInt8(ascii: "x")])
        objects.append([0xAF, 0x11, 0x01, 0x2C] + (0..<300).flatMap { _ in [UInt8(0), 6] })
        objects.append([0x6C] + "CAFÉ au lait".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        var file = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += [UInt8(file.count >> 8), UInt8(file.count & 0xFF)]
            file += object
        }
        let table = file.count
        file += offsets + [0, 0, 0, 0, 0, 0, 2, 2] + [0, 0, 0, 0, 0, 0, 0, 7] + [UInt8](repeating: 0, count: 8)
        file += [0, 0, 0, 0, 0, 0, UInt8(table >> 8), UInt8(table & 0xFF)]
        try Data(file).write(to: URL(fileURLWithPath: folder.file("shared.plist")))
        let values = try prefs("find", "café")
        let lines = values.stdout.split(separator: "\n")
        #expect(values.status == 0 && lines.count == 90_000, "\(values.stderr)")
        #expect(lines.first == "shared: Café.0.0 = CAFÉ au lait" && lines.last == "shared: Café.299.299 = CAFÉ au lait")
        #expect(try prefs("find", "LAIN").stdout == "shared: plain = x\n")
    }

    /// find -g and find --file search that one domain or file.
    @Test func findHonoursTargets() throws {
        _ = try prefs("write", "-g", "AppleLocale", "needle-global")
        _ = try prefs("write", "d", "k", "needle-domain")
        let elsewhere = TemporaryFolder()
        let file = elsewhere.file("loose.plist")
        _ = try prefs("write", "--file", file, "k", "needle-file")
        #expect(try prefs("find", "needle").stdout == "NSGlobalDomain: AppleLocale = needle-global\nd: k = needle-domain\n")
        #expect(try prefs("find", "-g", "needle").stdout == "NSGlobalDomain: AppleLocale = needle-global\n")
        #expect(try prefs("find", "-globalDomain", "needle").stdout == "NSGlobalDomain: AppleLocale = needle-global\n")
        #expect(try prefs("find", "--file", file, "needle").stdout == "\(file): k = needle-file\n")
        #expect(try prefs("find", "-g", "needle-domain").status == 1)
        #expect(try prefs("find", "--file", elsewhere.file("missing.plist"), "needle").status == 1)
        #expect(try prefs("find", "--file", file, "loose").status == 1, "a file's path is not a domain name to match")
    }

    /// Options that do not apply are refused with exit 2, not ignored.
    @Test(
        arguments: [
            (["domains", "--file", "x.plist"], "--file"), (["domains", "-g"], "-g"), (["domains", "-globalDomain"], "-globalDomain"),
            (["read", "--root", "/tmp", "--file", "x.plist"], "--root does not apply"),
            (["write", "--root", "/tmp", "--file", "x.plist", "k", "v"], "--root does not apply"),
            (["find", "--root", "/tmp", "--file", "x.plist", "w"], "--root does not apply"),
            (["find", "-g", "--file", "x.plist", "w"], "--file and -g name two different targets"),
            (["delete", "--file", "x.plist", "-g", "k"], "--file and -g name two different targets"),
            (["read", "--key-path", "k"], "--key-path needs a DOMAIN"),
            (["write", "--file", "", "k", "v"], "--file needs a file"), (["read", "--root", "", "d"], "--root needs a folder"),
            (["write", "--root", "", "d", "k", "v"], "--root needs a folder"), (["domains", "--root", ""], "--root needs a folder"),
            (["doctor", "--root", ""], "--root needs a folder"),
            (["find", ""], "WORD is empty")
        ])
    func inapplicableOptionIsRefused(arguments: [String], fragment: String) throws {
        _ = try prefs("write", "d", "k", "v")
        let before = folder.names()
        let result = try Shell.prefs(arguments.map { $0 == "x.plist" ? folder.file("x.plist") : $0 }, home: home)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(folder.names() == before)
    }

    /// domains --root lists another store.
    @Test func domainsTakesRoot() throws {
        let other = folder.file("other")
        _ = try prefs("write", "--root", other, "x", "k", "v")
        #expect(try prefs("domains", "--root", other).stdout == "x\n")
    }
}
