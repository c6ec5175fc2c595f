import CLibXML2
import PropertyLists
import Testing

/// The reader borrows libxml2's per-thread error handlers while it parses and gives them back,
/// so a program that uses libxml2 itself keeps its own.
@Suite("libxml2 error handlers")
struct LibraryErrorHandlerTests {
    /// The generic error handler is the same after a parse, a failed one included.
    @Test(
        arguments: [
            ("<plist version=\"1.0\"><dict/></plist>", true), ("<plist version=\"1.0\"><dict><key>a</key></plist>", false),
            ("<plist><foo/></plist>", false)
        ])
    func genericHandlerIsRestored(document: String, isValid: Bool) throws {
        let before = prefs_xml_current_generic_error_handler()
        let value = try? PropertyListReader().read(Array(document.utf8), fileName: "x.plist")
        #expect((value != nil) == isValid)
        let after = prefs_xml_current_generic_error_handler()
        #expect(after.handler == before.handler)
        #expect(after.context == before.context)
    }
}
