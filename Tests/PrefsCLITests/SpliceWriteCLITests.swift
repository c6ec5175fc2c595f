import Foundation
import TestSupport
import Testing

/// `prefs write` and `prefs delete` of one key: on a canonical domain (which they splice) and on
/// the same domain made not canonical (which they write whole), the same command leaves the
/// same bytes.
@Suite("Splice writes from the command line")
struct SpliceWriteCLITests {
    let folder = TemporaryFolder()
    var home: String { folder.path }

    /// Commands after `prefs write d` or `prefs delete d`, each run on a fresh copy of the domain.
    static let commands: [[String]] = [
        ["write", "key000", "changed first"], ["write", "key299", "-int", "7"], ["write", "key150", "-float", "2.5"],
        ["write", "aaa", "before all"], ["write", "zzz", "after all"], ["write", "key150x", "-date", "2024-02-29"],
        ["write", "😀", "emoji"], ["write", "\u{E000}", "private use"], ["write", "--key-path", "nested.inner.leaf", "deep"],
        ["write", "--key-path", "nested.list.1", "-bool", "yes"], ["write", "nested", "-dict-add", "added", "1"],
        ["write", "list", "-array-add", "x", "y"], ["write", "key001", "<dict><key>a</key><array><integer>1</integer></array></dict>"],
        ["delete", "key000"], ["delete", "key299"], ["delete", "--key-path", "nested.inner.leaf"], ["delete", "😀"]
    ]

    /// Each command leaves a canonical domain as it leaves the same domain written whole.
    @Test(arguments: commands)
    func spliceMatchesWholeRewrite(command: [String]) throws {
        var entries = ""
        for index in 0..<300 { entries += "<key>key\(String(format: "%03d", index))</key><string>value \(index) &amp; more</string>" }
        entries += "<key>nested</key><dict><key>inner</key><dict><key>leaf</key><string>x</string></dict><key>list</key><array><true/><false/></array></dict>"
        entries += "<key>list</key><array><string>a</string></array><key>😀</key><string>e</string><key>\u{E000}</key><string>p</string>"
        try folder.write("<plist version=\"1.0\"><dict>\(entries)</dict></plist>", to: "source.xml")
        #expect(try Shell.prefs(["import", "canonical", folder.file("source.xml")], home: home).status == 0)
        let canonical = try #require(folder.bytes("canonical.plist"))
        // A comment before the root makes the same domain not canonical.
        let marker = Array("<plist version=\"1.0\">\n".utf8)
        let cut = try #require(canonical.indices.first { canonical[$0...].starts(with: marker) })
        let whole = Array(canonical[..<cut]) + Array("<!-- not canonical -->\n".utf8) + Array(canonical[cut...])
        try Data(whole).write(to: URL(fileURLWithPath: folder.file("whole.plist")))
        let spliced = try Shell.prefs([command[0], "canonical"] + command.dropFirst(), home: home)
        let rewritten = try Shell.prefs([command[0], "whole"] + command.dropFirst(), home: home)
        #expect(spliced.status == 0, "\(spliced)")
        #expect(rewritten.status == 0, "\(rewritten)")
        #expect(folder.bytes("canonical.plist") != canonical, "the command changed nothing")
        #expect(folder.bytes("canonical.plist") == folder.bytes("whole.plist"))
    }
}
