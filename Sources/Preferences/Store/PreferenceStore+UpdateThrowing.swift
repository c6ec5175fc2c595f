/// `update` with a closure that throws errors of its own.
extension PreferenceStore {
    /// Changes several values of the store's domain in one locked read-modify-write, with a
    /// closure that may throw errors of its own.
    ///
    /// Swift infers `any Error` for a closure that contains `try` or `throw`, so this is the
    /// overload such a closure takes, with no `throws(…)` spelled out:
    ///
    /// ```swift
    /// try store.update { values in
    ///     guard values["width"] == nil else { throw SetupError.alreadyDone }
    ///     values["width"] = try PropertyList(any: settings["width"] ?? 800)
    /// }
    /// ```
    ///
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (then nothing is written), or a ``PreferenceError`` as
    ///   ``set(_:forKey:)-(PropertyList?,_)``.
    @_disfavoredOverload
    @discardableResult
    public func update<Result, Failure: Error>(_ body: (inout PropertyListDictionary) throws(Failure) -> Result) throws -> Result {
        var thrown: Failure?
        do {
            return try update { (values) throws(PreferenceError) -> Result in
                do throws(Failure) {
                    return try body(&values)
                } catch {
                    // Abandons the write; the caller sees `error` itself, below.
                    thrown = error
                    throw PreferenceError(.invalidArgument, "the update of \(domain) was abandoned by its closure")
                }
            }
        } catch {
            throw thrown ?? error
        }
    }
}
