import ArgumentParser

extension ArgumentHelp {
    /// The words of `read`, `read-type` and `delete`: a domain, then a key.
    static let domainAndKey = ArgumentHelp(
        "The domain (left out with --file or -g), then the key; -- before a key that starts with -.", valueName: "domain-and-key")
}
