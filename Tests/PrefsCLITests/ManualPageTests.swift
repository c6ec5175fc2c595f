import Foundation
import TestSupport
import Testing

/// The committed manual page, CLI/prefs.1, as `man` shows it.
@Suite("The manual page holds the whole help")
struct ManualPageTests {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../CLI/prefs.1").standardized.path

    /// Every character of the commands' help that is not ASCII (the emojis of the palette
    /// commands, the "…" of watch's example) is in the page as a groff escape: swift-argument-parser's
    /// generator drops them, which left "a keycap (), a flag ()" and "do ; done".
    @Test func everyCharacterOfTheHelpIsInThePage() throws {
        let help = try Shell.run(Shell.prefs, ["--experimental-dump-help"])
        #expect(help.status == 0, "\(help)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let missing = Set(help.stdout.unicodeScalars.filter { !$0.isASCII }).filter { scalar in
            !text.contains("\\[u" + String(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) + "]")
        }
        #expect(missing.isEmpty, "not in CLI/prefs.1: \(missing.map { String($0) }.sorted())")
        #expect(text.contains("a keycap (1\\[uFE0F]\\[u20E3])"))
    }

    /// `man` shows the page without a warning: no blank line, which mdoc warns of each time.
    @Test func manShowsThePageWithoutWarnings() throws {
        try #require(Shell.has("man"), "man-db is not installed (.ci/run installs it)")
        let shown = try Shell.run("/bin/sh", ["-c", "MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l \"$0\"", page])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stderr == "")
        #expect(shown.stdout.contains("…"))
        #expect(shown.stdout.contains("🇫🇷"))
    }
}

extension String {
    /// The string with "0"s before it to make `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
