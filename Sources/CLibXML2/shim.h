#ifndef PREFS_CLIBXML2_SHIM_H
#define PREFS_CLIBXML2_SHIM_H

// Debian's libxml2 headers include the system ICU headers, whose types clash with the copy that
// full Foundation carries. prefs never needs libxml2's ICU-specific declarations.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>

/// Whether the parser stands on the `[` that opens an internal DTD subset.
///
/// Called from the `internalSubset` SAX callback, which libxml2 invokes before it parses the
/// subset, so a document with `<!DOCTYPE plist [ ... ]>` can be refused before any declaration
/// in it takes effect.
static inline int prefs_xml_at_internal_subset(xmlParserCtxtPtr ctxt) {
    return ctxt != NULL && ctxt->input != NULL && ctxt->input->cur != NULL && ctxt->input->cur[0] == '[';
}

/// The line the parser is on now.
static inline int prefs_xml_current_line(xmlParserCtxtPtr ctxt) {
    return (ctxt != NULL && ctxt->input != NULL) ? ctxt->input->line : 0;
}

/// A generic error handler that drops the message: prefs reports errors through the structured
/// handler only, so nothing libxml2 prints reaches the user's terminal behind prefs' back.
static void prefs_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// Routes this thread's generic (unstructured) libxml2 errors to `prefs_xml_ignore_generic_error`.
static inline void prefs_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, prefs_xml_ignore_generic_error);
}

#endif
