extension PropertyListReader {
    /// Reads the property list file at `path` as ``read(contentsOf:fileName:)`` does, but hands
    /// each entry of a root dictionary to `body` as soon as its value is read, in the order of
    /// the file, instead of keeping it: a checker can look at a domain's entries without the
    /// time and memory of building the whole dictionary.
    ///
    /// The whole file is parsed and checked all the same, so a file that
    /// ``read(contentsOf:fileName:)`` refuses is refused here too, with the same errors; when
    /// this throws, the entries already handed to `body` mean nothing, since the file is not a
    /// valid property list.
    ///
    /// - Parameters:
    ///   - path: The file to read; `-` reads standard input.
    ///   - fileName: How errors name the file; `path` when `nil`.
    ///   - body: Called with each key of a root dictionary and its value.
    /// - Returns: The root value: an empty dictionary when it is a dictionary (its entries went
    ///   to `body`), else the whole root.
    /// - Throws: ``PropertyListError`` as ``read(contentsOf:fileName:)`` does.
    public func read(
        contentsOf path: String, fileName: String? = nil, eachRootEntry body: (String, PropertyList) -> Void
    ) throws(PropertyListError) -> PropertyList {
        let name = fileName ?? path
        do {
            return value(try XMLPropertyListParser.parse(contentsOf: path, fileName: name, eachRootEntry: body))
        } catch {
            guard let binary = try binaryFallback(after: error, path: path, fileName: name) else { throw error }
            guard case .dictionary(let dictionary) = binary else { return binary }
            for key in dictionary.keys {
                if let entry = dictionary[key] { body(key, entry) }
            }
            return .dictionary(PropertyListDictionary())
        }
    }
}
