/// The recursive-descent parser behind ``OpenStepReader``, over UTF-8 bytes.
struct OpenStepParser {
    let bytes: [UInt8]
    let fileName: String?
    var index = 0
    /// Whether ``document()`` found a `.strings` file: entries without braces, or no value.
    var isStringsFile = false

    init(bytes: [UInt8], fileName: String?) {
        self.bytes = bytes
        self.fileName = fileName
    }

    func error(_ message: String, at position: Int? = nil) -> PropertyListError {
        let end = min(position ?? index, bytes.count)
        let line = bytes[..<end].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return PropertyListError(.invalid, file: fileName, line: line, "old-style: " + message)
    }

    /// The whole text, after an optional byte order mark: one value, or the entries of a
    /// `.strings` file.
    mutating func document() throws(PropertyListError) -> PropertyList {
        let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = textStart
        try skipSpace()
        guard index < bytes.count else {
            isStringsFile = true
            return .dictionary(PropertyListDictionary())
        }
        let value = try self.value(depth: 0)
        try skipSpace()
        if index == bytes.count { return value }
        guard case .string = value, bytes[index] == UInt8(ascii: "=") || bytes[index] == UInt8(ascii: ";") else {
            throw error("unexpected text after the value")
        }
        index = textStart
        isStringsFile = true
        return .dictionary(try entries(until: nil, depth: 1))
    }

    mutating func skipSpace() throws(PropertyListError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                guard index + 1 < bytes.count else { throw error("a /* comment is never closed", at: start) }
                index += 2
            } else {
                return
            }
        }
    }

    mutating func value(depth: Int) throws(PropertyListError) -> PropertyList {
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            guard depth < PropertyListLimits.maxNestingDepth else {
                throw error("arrays and dictionaries nest deeper than \(PropertyListLimits.maxNestingDepth) levels")
            }
            if bytes[index] == UInt8(ascii: "(") { return try array(depth: depth + 1) }
            index += 1
            return .dictionary(try entries(until: UInt8(ascii: "}"), depth: depth + 1))
        case UInt8(ascii: "<"): return try OpenStepScalars.angled(&self)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        default: return .string(try unquoted())
        }
    }

    mutating func array(depth: Int) throws(PropertyListError) -> PropertyList {
        index += 1
        var elements: [PropertyList] = []
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("an array is never closed with ')'") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(elements)
            }
            elements.append(try value(depth: depth))
            try skipSpace()
            guard index < bytes.count else { throw error("an array is never closed with ')'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: ")") else { throw error("expected ',' or ')' after an array element") }
        }
    }

    /// `key = value;` entries up to `close` (`nil`: the end of the text, a `.strings` file).
    mutating func entries(until close: UInt8?, depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        while true {
            try skipSpace()
            if index == bytes.count {
                guard close == nil else { throw error("a dictionary is never closed with '}'") }
                return dictionary
            }
            if let close, bytes[index] == close {
                index += 1
                return dictionary
            }
            let keyStart = index
            guard case .string(let key) = try value(depth: depth) else { throw error("a dictionary key must be a string", at: keyStart) }
            try skipSpace()
            let entry: PropertyList
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                entry = .string(key)
            } else {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw error("expected '=' after the key \(key.quotedForMessage(limit: 60))")
                }
                index += 1
                try skipSpace()
                entry = try value(depth: depth)
                try skipSpace()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
                index += 1
            } else if index == bytes.count || bytes[index] != close {
                throw error("expected ';' after the value of \(key.quotedForMessage(limit: 60))")
            }
            // The same entry twice loses nothing (CoreFoundation keeps the last); two values
            // for one key would lose one, so they are refused with what a Mac would keep.
            if let earlier = dictionary.updateValue(entry, forKey: key), earlier != entry {
                throw error("the key \(key.quotedForMessage(limit: 60)) appears twice, with different values (defaults would keep the last)", at: keyStart)
            }
        }
    }

    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    mutating func unquoted() throws(PropertyListError) -> String {
        let start = index
        while index < bytes.count, Self.isUnquotedCharacter(bytes[index]) { index += 1 }
        guard index > start else {
            let character = String(decoding: bytes[index...].prefix(4), as: UTF8.self).unicodeScalars.first?.messageText ?? "''"
            throw error("unexpected character \(character); quote strings that hold anything but letters, digits and _$+/:.-")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        guard let text = try text(until: quote) else { throw error("a quoted string is never closed", at: start) }
        return text
    }

    /// The text from `index` to the end, with backslash escapes read as in a quoted string: as
    /// `OpenStepReader.read(escapedText:fileName:)` reads it.
    mutating func escapedText() throws(PropertyListError) -> String {
        try text(until: nil) ?? ""
    }

    /// The text from `index` up to `close` (`nil`: the end), with escapes read, and `index` past
    /// `close`; `nil` when `close` never comes.
    ///
    /// The text is gathered as UTF-8 bytes and decoded once: appending to a string's scalars
    /// counts all of them each time, which made a string of many escapes take quadratic time.
    private mutating func text(until close: UInt8?) throws(PropertyListError) -> String? {
        var text: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == close {
                text += bytes[runStart..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            text += bytes[runStart..<index]
            index += 1
            UTF8.encode(try escape()) { text.append($0) }
            runStart = index
        }
        guard close == nil else { return nil }
        text += bytes[runStart..<index]
        return String(decoding: text, as: UTF8.self)
    }

    /// The character after a backslash, with `index` past it.
    mutating func escape() throws(PropertyListError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("the text ends inside an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "v"): return "\u{B}"
        case UInt8(ascii: "a"): return "\u{7}"
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var value = try utf16Unit()
            if (0xD800...0xDBFF).contains(value), let low = try lowSurrogate() {
                // A character outside the BMP, as `defaults read` prints it: \Ud83d\ude00.
                value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error(
                    "\\U\(String(value, radix: 16, uppercase: true)) is a lone surrogate, not a character (a character beyond U+FFFF is a high surrogate followed by a low one, as in \\Ud83d\\ude00)"
                )
            }
            return scalar
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            for _ in 0..<2 where index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard value <= 0o377 else { throw error("the octal escape \\\(String(value, radix: 8)) is above \\377") }
            return Unicode.Scalar(UInt8(value))
        default:
            guard byte < 0x80 else { throw error("a backslash escapes a non-ASCII character; write it without the backslash") }
            return Unicode.Scalar(byte)
        }
    }

    /// The four hexadecimal digits after `\U`, with `index` past them.
    mutating func utf16Unit() throws(PropertyListError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw error("\\U needs four hexadecimal digits") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The low surrogate of a `\U` escape right after a high one, with `index` past it; `nil`,
    /// with `index` where it was, when no such escape follows.
    mutating func lowSurrogate() throws(PropertyListError) -> UInt32? {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        let start = index
        index += 2
        let low = try utf16Unit()
        guard (0xDC00...0xDFFF).contains(low) else {
            index = start
            return nil
        }
        return low
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
