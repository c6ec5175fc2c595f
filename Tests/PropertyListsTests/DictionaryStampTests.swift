import PropertyLists
import Testing

/// A dictionary's stamp tells a change from no change without a copy to compare.
@Suite("Dictionary stamps")
struct DictionaryStampTests {
    /// Copies keep the stamp; storing the value already there or removing an absent key keeps it.
    @Test func unchangedKeepsTheStamp() {
        var dictionary: PropertyListDictionary = ["a": 1, "nested": ["b": "x"]]
        let stamp = dictionary.stamp
        let copy = dictionary
        #expect(copy.stamp == stamp)
        dictionary["a"] = 1
        dictionary.updateValue(["b": "x"], forKey: "nested")
        dictionary["absent"] = nil
        dictionary.removeValue(forKey: "absent")
        #expect(dictionary.stamp == stamp)
    }

    /// Adding, replacing and removing each give a stamp no other contents had.
    @Test func changesTakeFreshStamps() {
        var dictionary: PropertyListDictionary = ["a": 1]
        var seen: Set<UInt64> = [dictionary.stamp]
        dictionary["b"] = 2
        #expect(seen.insert(dictionary.stamp).inserted)
        dictionary["a"] = "one"
        #expect(seen.insert(dictionary.stamp).inserted)
        dictionary.removeValue(forKey: "b")
        #expect(seen.insert(dictionary.stamp).inserted)
        // A change deep inside is a change of the outer dictionary too.
        var outer: PropertyListDictionary = ["inner": .dictionary(dictionary)]
        let outerStamp = outer.stamp
        dictionary["c"] = 3
        outer["inner"] = .dictionary(dictionary)
        #expect(outer.stamp != outerStamp)
        // Keys differing only in Unicode normalization are different keys, so a change.
        var keys: PropertyListDictionary = ["\u{E9}": 1]
        let keysStamp = keys.stamp
        keys["e\u{301}"] = 1
        #expect(keys.stamp != keysStamp && keys.count == 2)
    }

    /// Dictionaries made apart compare and hash by their contents, whatever their stamps.
    @Test func equalityIgnoresStamps() {
        let first: PropertyListDictionary = ["a": 1, "b": [true]]
        var second = PropertyListDictionary()
        second["b"] = [true]
        second["a"] = 1
        #expect(first.stamp != second.stamp)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second["a"] = 2
        #expect(first != second)
    }
}
