/// The name a mistyped word most likely meant, for messages that suggest one: a command
/// (`prefs remov` → `remove`), a type flag (`-integr` → `-integer`).
package enum NearestName {
    /// The name within two edits of `word` (Levenshtein distance, ignoring case), if any; the
    /// closest wins, the earliest in `names` among equals.
    ///
    /// - Complexity: O(*n* × *m*) for each name, in the lengths of `word` and the name.
    package static func nearest(to word: String, in names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = names.map { ($0, distance(typed, Array($0.lowercased()))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
