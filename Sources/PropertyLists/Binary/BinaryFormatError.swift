/// What is wrong with a binary property list, before the reader adds the file's name.
struct BinaryFormatError: Error {
    let message: String
    let code: PropertyListError.Code

    init(_ message: String, code: PropertyListError.Code = .invalid) {
        self.message = message
        self.code = code
    }
}
