import Foundation
import Palettes
import Preferences
import PropertyLists
import TestSupport

/// Domain files written the way other programs write them, and ways to look at what is stored.
enum DomainFixtures {
    /// An XML property list laid out as `plutil -convert xml1` writes an app's preferences, with
    /// `entries` (key, element) in order. Data elements hold Base64 in lines of 52 characters.
    static func applePlist(_ entries: [(String, String)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, element) in entries { text += "\t<key>\(key)</key>\n\t\(element)\n" }
        return text + "</dict>\n</plist>\n"
    }

    /// A `<data>` element holding `text`'s UTF-8 bytes, Base64 wrapped as Apple wraps it.
    static func dataElement(_ text: String) -> String {
        let base64 = Array(Data(text.utf8).base64EncodedString())
        let lines = stride(from: 0, to: base64.count, by: 52).map { "\t" + String(base64[$0..<min($0 + 52, base64.count)]) }
        return "<data>\n" + lines.joined(separator: "\n") + "\n\t</data>"
    }

    /// The palettes as an EmojiArt app on a Mac stores them: `JSONEncoder` with default options,
    /// so keys in declaration order and `/` escaped.
    static let emojiArtJSON =
        #"[{"name":"Smileys","emojis":"😀😃😄","id":1},{"name":"Cars \/ Taxis","emojis":"🚗🚕🏎","id":2},{"name":"Flags","emojis":"🏳️‍🌈🇫🇷","id":7}]"#

    /// The palettes `emojiArtJSON` holds.
    static let emojiArtPalettes = [
        Palette(name: "Smileys", emojis: "😀😃😄", id: 1), Palette(name: "Cars / Taxis", emojis: "🚗🚕🏎", id: 2),
        Palette(name: "Flags", emojis: "🏳️‍🌈🇫🇷", id: 7)
    ]

    /// The keys besides the palettes that an app's domain holds.
    static let unrelatedEntries: [(String, String)] = [
        ("NSWindow Frame Main", "<string>0 0 800 600 0 0 1440 900 </string>"),
        ("ChosenPaletteIndex", "<integer>2</integer>"),
        ("NSNavLastRootDirectory", "<string>~/Documents</string>"),
        ("ShowsInspector", "<true/>"),
        ("LastOpened", "<date>2024-03-01T10:20:30Z</date>"),
        ("Recent", "<array>\n\t\t<string>a.emojiart</string>\n\t\t<real>1.5</real>\n\t</array>"),
        ("PaletteStore:Backup", dataElement(#"[{"name":"Old","emojis":"🎼","id":1}]"#))
    ]

    /// The domain `palettes.plist` of `folder`, read with the library's reader.
    static func domain(in folder: TemporaryFolder, name: String = "palettes") throws -> PropertyListDictionary? {
        try DomainFile(path: folder.file(name + ".plist")).read()
    }

    /// The raw JSON stored under `PaletteStore:<store>`.
    static func storedJSON(in folder: TemporaryFolder, store: String = "Main", domain: String = "palettes") throws -> String? {
        guard case .data(let bytes)? = try self.domain(in: folder, name: domain)?["PaletteStore:" + store] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The inode of `path`, which changes each time `AtomicFile` replaces the file.
    static func inode(_ path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }
}
