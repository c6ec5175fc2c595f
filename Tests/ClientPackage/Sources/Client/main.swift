// What an app writes with `import Preferences` and nothing else; check.sh builds and runs it
// with PREFS_HOME set to an empty folder.
import Preferences

struct Layout: Codable, Equatable, Sendable {
    var columns = 2
}

struct NotNow: Error {}

extension PreferenceKey where Value == Int {
    static let fontSize = PreferenceKey("fontSize", default: 12)
}

extension PreferenceKey where Value == Layout {
    static let layout = PreferenceKey("layout", default: Layout())
}

extension PreferenceKey where Value == Set<String> {
    static let tags = PreferenceKey("tags", default: [])
}

var failures: [String] = []

@MainActor
func check(_ condition: Bool, _ what: String) {
    if !condition { failures.append(what) }
}

let store = try PreferenceStore(domain: "com.example.client", arguments: [])

// The value model comes with the import.
let panel: PropertyList = ["visible": true, "width": 300]
let defaults: PropertyListDictionary = ["fontSize": 12, "panel": panel]
store.register(defaults: defaults)

// Literals that mix types are one value.
try store.set(["a": 1, "b": [true, false]], forKey: "mixed")
check(try store.object(forKey: "mixed") == ["a": 1, "b": [true, false]], "a mixed literal reads back")

// update's closure throws what it likes, with nothing spelled out.
try store.update { values in
    values["width"] = 800
    values["height"] = try PropertyList(any: 600)
}
do {
    try store.update { values in
        values["width"] = 0
        throw NotNow()
    }
    check(false, "update rethrows the closure's error")
} catch is NotNow {
    check(try store.integer(forKey: "width") == 800, "a throwing closure writes nothing")
}
do throws(PreferenceError) {
    try store.update { $0["depth"] = 3 }
} catch {
    check(false, "a closure that throws nothing keeps the typed error: \(error.code)")
}

// Typed keys read what the shell stores, and Codable values from other shapes.
try store.set("42", forKey: "fontSize")
check(try store.value(for: .fontSize) == 42, "the string 42 reads as an Int")
try store.set(#"{"columns":3}"#, forKey: "layout")
check(try store.value(for: .layout) == Layout(columns: 3), "a JSON string reads as a Codable value")
try store.set(["columns": 4], forKey: "layout")
check(try store.value(for: .layout) == Layout(columns: 4), "a dictionary reads as a Codable value")
try store.set(["b", "a"], for: .tags)
check(try store.object(forKey: "tags") == ["a", "b"], "a set is stored as a sorted array")

// Reading without throwing reports to the caller.
try store.set("huge", forKey: "fontSize")
var reported: [PreferenceError.Code] = []
check(store.value(for: .fontSize) { reported.append($0.code) } == 12, "a bad value gives the default")
check(reported == [.typeMismatch], "a bad value is reported")
check(try store.persistentDomainNames == ["com.example.client"], "the domain is listed")

// An @Observable model of a typed key, on the main actor (top-level code's).
@MainActor
func observe() -> Int {
    let fontSize = ObservablePreference(.fontSize, in: store) { _ in }
    fontSize.value = 15
    return fontSize.value
}
check(observe() == 15, "the model stores what is set")

if failures.isEmpty {
    print("client package: ok")
} else {
    print("client package: FAILED\n" + failures.map { "  " + $0 }.joined(separator: "\n"))
    throw NotNow()
}
