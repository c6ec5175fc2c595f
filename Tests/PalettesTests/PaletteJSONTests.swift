import Palettes
import Testing

/// The JSON form of the palettes: strict reading, fields prefs does not know kept byte for byte,
/// and sorted-key writing.
@Suite("Palette JSON")
struct PaletteJSONTests {
    /// Other fields are kept as their exact JSON text and written back in key order.
    @Test func otherFieldsKeptExactly() throws {
        let json = #"[{"z":[1, 2 ,3],"name":"A","emojis":"😀","id":1,"color":"red","when":1.50e3,"deep":{"k" : "\u00e9"}}]"#
        let palettes = try PaletteJSON.decode(Array(json.utf8))
        #expect(
            palettes == [
                Palette(
                    name: "A", emojis: "😀", id: 1,
                    otherFields: [
                        "z": "[1, 2 ,3]", "color": #""red""#, "when": "1.50e3", "deep": #"{"k" : "\u00e9"}"#
                    ])
            ])
        #expect(
            PaletteJSON.encode(palettes)
                == #"[{"color":"red","deep":{"k" : "\u00e9"},"emojis":"😀","id":1,"name":"A","when":1.50e3,"z":[1, 2 ,3]}]"#)
    }

    /// Strings are decoded from every escape and written with only the escapes JSON needs.
    @Test func stringEscapes() throws {
        let json = #"[{"emojis":"\ud83d\ude00","id":-9223372036854775808,"name":"q\"\\\/\b\f\n\r\t\u0001é"}]"#
        let palettes = try PaletteJSON.decode(Array(json.utf8))
        #expect(palettes == [Palette(name: "q\"\\/\u{8}\u{C}\n\r\t\u{1}é", emojis: "😀", id: Int.min)])
        #expect(PaletteJSON.encode(palettes) == #"[{"emojis":"😀","id":-9223372036854775808,"name":"q\"\\/\b\f\n\r\t\u0001é"}]"#)
    }

    /// A byte-order mark and any JSON whitespace around the array are accepted.
    @Test func byteOrderMarkAndWhitespace() throws {
        let json = "\u{FEFF} \r\n\t[ {\"emojis\" : \"😀\" , \"id\" : 1 , \"name\" : \"A\" } ] \r\n"
        #expect(try PaletteJSON.decode(Array(json.utf8)) == [Palette(name: "A", emojis: "😀", id: 1)])
    }

    /// What is not the JSON form of palettes is refused with the line and the problem.
    @Test(
        arguments: [
            (#"{"emojis":"😀","id":1,"name":"A"}"#, "expected a JSON array"),
            ("[\n{\"emojis\":\"😀\",\"id\":1,\"name\":\"A\",\"name\":\"B\"}]", "line 2: the key \"name\" appears twice"),
            (#"[{"emojis":"😀","id":1,"name":"A","x":{"k":1,"k":2}}]"#, "\"k\" appears twice"),
            ("[{\"emojis\":\"😀\",\"id\":1,\"name\":\"A\",\"caf\u{E9}\":1,\"cafe\u{301}\":2}]", "spelled with different code points"),
            (#"[{"emojis":"😀","id":9223372036854775808,"name":"A"}]"#, "not a whole number"),
            (#"[{"emojis":"😀","id":1.0,"name":"A"}]"#, "not a whole number"),
            (#"[{"emojis":"😀","id":"1","name":"A"}]"#, "not a whole number"),
            (#"[{"emojis":1,"id":1,"name":"A"}]"#, "\"emojis\" of palette 1 is not a string"),
            (#"[{"emojis":"😀","name":"A"}]"#, "palette 1 has no \"id\""),
            (#"[{"emojis":"😀","id":1,"name":"\ud800"}]"#, "surrogate"),
            (#"[{"emojis":"😀","id":1,"name":"\udc00\ud800"}]"#, "surrogate"),
            (#"[{"emojis":"😀","id":1,"name":"A"},]"#, "palette 2 is not a JSON object"),
            (#"[{"emojis":"😀","id":1,"name":"A"}] x"#, "after the end"),
            (#"[{"emojis":"😀","id":1,"name":"A","x":01}]"#, "may not start with 0"),
            (#"[{"emojis":"😀","id":1,"name":"\u+041"}]"#, "four hexadecimal digits"),
            (#"[{"emojis":"😀","id":1,"name":"\u-000"}]"#, "four hexadecimal digits"),
            (#"[{"emojis":"😀","id":1,"name":"A","x":tru}]"#, "expected a value"),
            ("[{\"emojis\":\"😀\",\"id\":1,\"name\":\"a\ttab\"}]", "control character"),
            (#"["A"]"#, "palette 1 is not a JSON object"),
            (
                #"[{"emojis":"😀","id":1,"name":"A","x":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}]",
                "nest deeper than 256"
            ),
            ("[{\"x\":" + String(repeating: "{\"a\":", count: 100_000), "nest deeper than 256"),
            (#"[{"emojis":"😀","id":1,"name":"A"}"#, "expected ',' or ']'")
        ])
    func refused(json: String, complaint: String) {
        let error = #expect(throws: PaletteJSONError.self) { try PaletteJSON.decode(Array(json.utf8)) }
        #expect(error?.message.contains(complaint) == true, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("line ") == true)
    }

    /// Bytes that are not UTF-8 are refused, inside strings and out.
    @Test(
        arguments: [
            [0x5B, 0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D, 0x5D], [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
            [0x5B, 0x7B, 0x22, 0x6E, 0x22, 0x3A, 0x22, 0xC3, 0x5C, 0x75, 0x30, 0x30, 0x41, 0x39, 0x22, 0x7D, 0x5D]
        ] as [[UInt8]])
    func notUTF8Refused(bytes: [UInt8]) {
        #expect(throws: PaletteJSONError.self) { try PaletteJSON.decode(bytes) }
    }

    /// Pretty output indents two spaces per level and ends with a line break.
    @Test func prettyOutput() {
        let palettes = [Palette(name: "A", emojis: "😀", id: 1, otherFields: ["color": "\"red\""]), Palette(name: "B", emojis: "", id: 2)]
        #expect(
            PaletteJSON.encode(palettes, pretty: true) == """
                [
                  {
                    "color": "red",
                    "emojis": "😀",
                    "id": 1,
                    "name": "A"
                  },
                  {
                    "emojis": "",
                    "id": 2,
                    "name": "B"
                  }
                ]

                """)
    }
}
