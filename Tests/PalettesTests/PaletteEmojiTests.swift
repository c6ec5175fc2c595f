import Palettes
import Testing

/// What counts as an emoji, and emojis as whole grapheme clusters in every intent.
@Suite("Emojis")
struct PaletteEmojiTests {
    static let clusters = ["👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🐻‍❄️", "1️⃣", "🇫🇷"]

    func list(_ emojis: String) throws -> PaletteList {
        try PaletteList([Palette(name: "Mine", emojis: emojis, id: 1)])
    }

    /// Emoji.isEmoji accepts pictographs, presentation-selected symbols, keycaps, flags, tag and joiner sequences.
    @Test(
        arguments: [
            "🚗", "☀️", "🏎", "1️⃣", "1⃣", "#️⃣", "⛵️", "🇫🇷", "👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🐻‍❄️", "☺", "☺︎", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
            "🧑🏽‍🤝‍🧑🏻", "👁️‍🗨️", "🧑‍🦰", "❤️‍🔥", "🦰"
        ])
    func emojisAreEmoji(text: String) {
        #expect(text.count == 1)
        #expect(Emoji.isEmoji(Character(text)))
    }

    /// Emoji.isEmoji refuses text, and modifiers, joiners, selectors and tags that are not part of a whole emoji.
    @Test(
        arguments: [
            "a", "Z", "1", "#", "*", " ", "\t", "\n", "é", "-", ":", "ß", "中", "🏽", "🇫", "🏽🏽", "🏽\u{FE0F}", "🚗🏽",
            "1\u{FE0F}", "😀\u{200D}", "\u{200D}", "\u{FE0F}", "😀\u{301}", "😀\u{FE0F}\u{FE0F}", "😀\u{E0067}",
            "#\u{20E3}\u{20E3}", "\u{20E3}", "\u{E007F}", "a\u{20E3}"
        ])
    func textIsNotEmoji(text: String) {
        #expect(!Emoji.isEmoji(Character(text)))
    }

    /// Emojis differing only in variation selectors have one identity; skin tones make another.
    @Test func identityIgnoresSelectors() {
        #expect(Emoji.identity("☺") == Emoji.identity("☺️"))
        #expect(Emoji.identity("☺︎") == Emoji.identity("☺️"))
        #expect(Emoji.identity("1⃣") == Emoji.identity("1️⃣"))
        #expect(Emoji.identity("👍") != Emoji.identity("👍🏽"))
        #expect(Emoji.uniqued("☺☺️1️⃣1⃣") == "☺1️⃣")
    }

    /// Any two emojis written one after the other split back into the same two.
    @Test func concatenationNeverResegments() {
        let emojis =
            Palette.builtins.flatMap { Array($0.emojis) } + Self.clusters.map(Character.init)
            + ["☺", "1⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏽‍🤝‍🧑🏻", "🇩🇪", "👁️‍🗨️"]
        for first in emojis {
            for second in emojis {
                #expect(Array(String(first) + String(second)) == [first, second])
            }
        }
    }

    /// White space between emojis is dropped: addEmojis, insertPalette and removeEmojis see the emojis alone.
    @Test func whiteSpaceBetweenEmojisIsDropped() throws {
        var list = try list("😀")
        #expect(try list.addEmojis("💚 🧡\t\n🇫🇷\u{3000}1️⃣ ", toPaletteAt: 0) == 4)
        #expect(list.palettes[0].emojis == "😀💚🧡🇫🇷1️⃣")
        #expect(try list.removeEmojis(" 💚  🇫🇷", fromPaletteAt: 0) == 2)
        #expect(list.palettes[0].emojis == "😀🧡1️⃣")
        try list.insertPalette(named: "New", emojis: "😃 😄 😃")
        #expect(list.palettes[0].emojis == "😃😄")
        #expect(Emoji.characters(in: "👍 🏽") == ["👍", "\u{1F3FD}"])
    }

    /// Emoji.nonEmojis lists each stray once, in order.
    @Test func nonEmojisInOrder() {
        #expect(Emoji.nonEmojis(in: "a😀b a🚗") == ["a", "b", " "])
        #expect(Emoji.nonEmojis(in: "😀🏳️‍🌈1️⃣").isEmpty)
    }

    /// Multi-scalar emojis are one emoji each.
    @Test(arguments: clusters)
    func clusterIsOneEmoji(emoji: String) throws {
        var list = try list("😀")
        #expect(try list.addEmojis(emoji, toPaletteAt: 0) == 1)
        #expect(list.palettes[0].emojis.count == 2)
        #expect(Array(list.palettes[0].emojis).last == Character(emoji))
        #expect(try list.removeEmojis(emoji, fromPaletteAt: 0) == 1)
        #expect(list.palettes[0].emojis == "😀")
    }

    /// addEmojis skips emojis the palette holds and repeats within what is added.
    @Test func addSkipsExisting() throws {
        var list = try list("😀🚗")
        #expect(try list.addEmojis("🚗🌲🌲😀🐻‍❄️", toPaletteAt: 0) == 2)
        #expect(list.palettes[0].emojis == "😀🚗🌲🐻‍❄️")
        #expect(try list.addEmojis("🌲😀", toPaletteAt: 0) == 0)
        #expect(list.palettes[0].emojis == "😀🚗🌲🐻‍❄️")
    }

    /// addEmojis works on the clamped index.
    @Test(arguments: [(-7, 0), (1, 1), (9, 1)])
    func addClamps(index: Int, expected: Int) throws {
        var list = try PaletteList([Palette(name: "A", emojis: "", id: 1), Palette(name: "B", emojis: "", id: 2)])
        try list.addEmojis("🌲", toPaletteAt: index)
        #expect(list.palettes.map(\.emojis) == (expected == 0 ? ["🌲", ""] : ["", "🌲"]))
    }

    /// A plain 👍 is not the same emoji as 👍🏽, either way round.
    @Test func skinToneIsADifferentEmoji() throws {
        var list = try list("👍🏽")
        #expect(try list.addEmojis("👍", toPaletteAt: 0) == 1)
        #expect(Array(list.palettes[0].emojis) == ["👍🏽", "👍"])
        #expect(try list.removeEmojis("👍", fromPaletteAt: 0) == 1)
        #expect(list.palettes[0].emojis == "👍🏽")
        #expect(try list.removeEmojis("👍🏽", fromPaletteAt: 0) == 1)
        #expect(list.palettes[0].emojis == "")
    }

    /// removeEmojis removes whole clusters only, never a part of one.
    @Test(
        arguments: [
            ("👨", "👨‍👩‍👧"), ("👩", "👨‍👩‍👧"), ("🏳️", "🏳️‍🌈"), ("🌈", "🏳️‍🌈"), ("🐻", "🐻‍❄️"), ("❄️", "🐻‍❄️"), ("👍", "👍🏽")
        ])
    func removeTakesWholeClusters(part: String, cluster: String) throws {
        var list = try list(cluster + "🚗")
        #expect(try list.removeEmojis(part, fromPaletteAt: 0) == 0)
        #expect(list.palettes[0].emojis == cluster + "🚗")
    }

    /// removeEmojis removes every emoji named and ignores ones the palette lacks.
    @Test func removeSeveral() throws {
        var list = try list("😀🚗🌲👨‍👩‍👧🏳️‍🌈")
        #expect(try list.removeEmojis("🌲🏳️‍🌈🎼😀", fromPaletteAt: 9) == 3)
        #expect(list.palettes[0].emojis == "🚗👨‍👩‍👧")
    }

    /// Text that is not emoji is refused by addEmojis, removeEmojis and insertPalette, and
    /// nothing changes (removeEmojis once ignored it, and the CLI checked on its own).
    @Test(
        arguments: [
            "a", "1", "#", "é", "😀x", "🚗 x", "🚗 \u{1F3FD}", "x😀"
        ])
    func nonEmojiRefused(text: String) throws {
        var list = try list("😀")
        let before = list
        let added = #expect(throws: PaletteError.self) { try list.addEmojis(text, toPaletteAt: 0) }
        #expect(added?.code == .invalidArgument)
        #expect(added?.message.contains("not emoji") == true)
        let inserted = #expect(throws: PaletteError.self) { try list.insertPalette(named: "New", emojis: text) }
        #expect(inserted?.code == .invalidArgument)
        let removed = #expect(throws: PaletteError.self) { try list.removeEmojis(text + "😀", fromPaletteAt: 0) }
        #expect(removed?.code == .invalidArgument)
        #expect(list == before)
    }

    /// Adding emojis never changes an emoji the palette already holds.
    @Test(
        arguments: [
            ("👍", "🏽"), ("🇫🇷", "🇷"), ("🇫🇷", "🇩🇪"), ("👨", "\u{200D}👩"), ("1️⃣", "\u{20E3}")
        ])
    func addingNeverMergesIntoTheLastEmoji(held: String, added: String) throws {
        var list: PaletteList
        do {
            list = try self.list("🚗" + held)
        } catch let error as PaletteError {
            // Refusing a held part (a lone modifier or regional indicator) is right too.
            #expect(error.code == .invalidArgument)
            return
        }
        let before = Set(list.palettes[0].emojis)
        do {
            try list.addEmojis(added, toPaletteAt: 0)
        } catch {
            // Refusing is fine; what is checked is that an emoji already held is never rewritten.
        }
        #expect(Set(list.palettes[0].emojis).isSuperset(of: before), "\(Array(list.palettes[0].emojis))")
    }
}
