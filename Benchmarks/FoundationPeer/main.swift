// A peer for the benchmarks: what a Swift program using full Foundation does to read one key
// or write one key of a property list file.
//   foundation-peer read FILE KEY
//   foundation-peer write FILE KEY VALUE
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: foundation-peer read|write FILE KEY [VALUE]\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: arguments[2])
do {
    let data = try Data(contentsOf: url)
    var format = PropertyListSerialization.PropertyListFormat.xml
    guard var root = try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any] else {
        exit(3)
    }
    if arguments[1] == "read" {
        print(root[arguments[3]].map { "\($0)" } ?? "")
    } else {
        root[arguments[3]] = arguments.count > 4 ? arguments[4] : ""
        let output = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        try output.write(to: url, options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
