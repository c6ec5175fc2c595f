/// The bounds prefs keeps on property lists, so that hostile or runaway input is refused in
/// bounded time and memory, and so that prefs never writes a file its own reader refuses.
///
/// Both the reader and the writer enforce them.
public enum PropertyListLimits {
    /// The most arrays and dictionaries one value may nest inside each other: 200.
    ///
    /// libxml2 stops at 256 nested elements without `XML_PARSE_HUGE` (which reopens known
    /// denial-of-service holes); 200 containers plus `<plist>` and a leaf stay well below it.
    public static let maxNestingDepth = 200

    /// The largest input the reader accepts and the largest file the writer produces: 64 MiB.
    public static let maxInputSize = 64 << 20

    /// The most attributes one XML element may have, and the most XML namespace declarations
    /// in force at once: 100.
    ///
    /// A property list needs one attribute (`<plist version="1.0">`) and no namespaces, but
    /// libxml2 2.9's checks for repeated ones take time quadratic in their number, so the reader
    /// stops reading a document as soon as it passes this limit, before those checks run.
    public static let maxAttributes = 100

    /// How many problems one file reports before the reader stops looking: 50.
    public static let maxDiagnostics = 50
}
