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

/// The column (1-based, in characters) the parser is on now.
static inline int prefs_xml_current_column(xmlParserCtxtPtr ctxt) {
    return (ctxt != NULL && ctxt->input != NULL) ? ctxt->input->col : 0;
}

/// The column (1-based, in characters) of the `<` that starts the tag the parser is in or has
/// just read, when it starts on the current line; else the current column.
///
/// libxml2 calls the element callbacks, and raises validity errors, once it stands at or just
/// past a tag's `>`: the tag is still in the input buffer, and `<` cannot occur inside it.
static inline int prefs_xml_tag_column(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->input->cur == NULL || ctxt->input->base == NULL) return 0;
    const xmlChar *cur = ctxt->input->cur;
    int characters = 0;
    for (const xmlChar *p = cur; p > ctxt->input->base;) {
        p--;
        if (*p == '\n') break;
        if ((*p & 0xC0) != 0x80) characters++;
        if (*p == '<') return ctxt->input->col - characters > 0 ? ctxt->input->col - characters : 1;
    }
    return ctxt->input->col;
}

/// Stops libxml2 asking for more input once its read callback has returned the end (0), when
/// the input needs no decoding.
///
/// libxml2 2.9 asks again each time the parser comes within 250 bytes of the end of what it
/// holds, which near the end of every document is at almost every token: each ask grows its
/// buffer and calls a callback that returns 0 again (7% of `validate` over a folder of small
/// files). A buffer without a read callback is one libxml2 holds whole, as one made over
/// memory (`xmlParserInputBufferCreateStatic`), which it never asks. Input that decodes
/// through an encoder is left as it is: there each ask converts what is left of the raw
/// bytes, and may report them. prefs' SAX callbacks call this, so an encoding the XML
/// declaration names is in place by then.
static inline void prefs_xml_stop_reading_ended_input(xmlParserCtxtPtr ctxt) {
    if (ctxt == NULL || ctxt->input == NULL || ctxt->input->buf == NULL || ctxt->input->buf->encoder != NULL) return;
    ctxt->input->buf->readcallback = NULL;
}

/// A generic error handler that drops the message: prefs reports errors through the structured
/// handler only, so nothing libxml2 prints reaches the user's terminal behind prefs' back.
static void prefs_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// This thread's generic (unstructured) error handler and its context, as libxml2 holds them:
/// the handler is variadic, a function type Swift cannot name, so it is kept as a pointer.
typedef struct {
    void *handler;
    void *context;
} prefs_xml_generic_error_handler;

/// This thread's generic error handler now.
static inline prefs_xml_generic_error_handler prefs_xml_current_generic_error_handler(void) {
    prefs_xml_generic_error_handler current = { (void *)*__xmlGenericError(), *__xmlGenericErrorContext() };
    return current;
}

/// Routes this thread's generic (unstructured) libxml2 errors to `prefs_xml_ignore_generic_error`.
///
/// - Returns: The handler it replaces, for `prefs_xml_restore_generic_errors`.
static inline prefs_xml_generic_error_handler prefs_xml_silence_generic_errors(void) {
    prefs_xml_generic_error_handler previous = prefs_xml_current_generic_error_handler();
    xmlSetGenericErrorFunc(NULL, prefs_xml_ignore_generic_error);
    return previous;
}

/// Puts back the generic error handler `prefs_xml_silence_generic_errors` replaced, so a program
/// that uses libxml2 itself keeps its own.
static inline void prefs_xml_restore_generic_errors(prefs_xml_generic_error_handler previous) {
    xmlSetGenericErrorFunc(previous.context, (xmlGenericErrorFunc)previous.handler);
}

#endif
