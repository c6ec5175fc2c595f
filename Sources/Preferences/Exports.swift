// The value model is part of the Preferences API (`PropertyList`, `PropertyListDictionary`,
// `PropertyListDate`, …: what `object(forKey:)` returns and `update` hands its closure), so
// `import Preferences` brings it, as swift-nio's `NIO` re-exports `NIOCore`.
@_exported import PropertyLists
