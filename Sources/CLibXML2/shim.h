#ifndef FEEDSTREAM_CLIBXML2_SHIM_H
#define FEEDSTREAM_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its <unicode/ucnv.h> clashes with the ICU that Foundation bundles. FeedStream
   never touches xmlCharEncodingHandler's fields (the only ones that depend on it), so hide the ICU part. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/dict.h>
#include <libxml/entities.h>
#include <libxml/HTMLparser.h>

/* libxml2 reports encoding and I/O faults through its generic error channel, which prints to standard error and
   cannot be replaced from Swift (the handler is variadic). FeedStream reads those faults from xmlParseChunk's
   status instead, and silences the channel only for the duration of its own calls, restoring whatever the
   application had set. */
static void feedstream_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static inline int feedstream_xml_parse_chunk(xmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    xmlGenericErrorFunc saved = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, feedstream_xml_ignore_generic_error);
    int status = xmlParseChunk(context, chunk, size, terminate);
    xmlSetGenericErrorFunc(savedContext, saved);
    return status;
}
/* The same for libxml2's HTML push parser (page discovery, HTML sanitizing). */
static inline int feedstream_html_parse_chunk(htmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    xmlGenericErrorFunc saved = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, feedstream_xml_ignore_generic_error);
    int status = htmlParseChunk(context, chunk, size, terminate);
    xmlSetGenericErrorFunc(savedContext, saved);
    return status;
}
#endif
