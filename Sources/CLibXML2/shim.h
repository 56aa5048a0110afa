#ifndef FEEDSTREAM_CLIBXML2_SHIM_H
#define FEEDSTREAM_CLIBXML2_SHIM_H
/* Where libxml2's headers come from.

   - Linux, Homebrew, MacPorts: `libxml/` is on the include path, through pkg-config's -I<prefix>/include/libxml2
     (the `pkgConfig` of the CLibXML2 target in Package.swift).
   - Apple SDKs (an iOS, macOS, tvOS, watchOS or visionOS app built by Xcode or SwiftPM, without pkg-config): the
     headers are only under $(SDKROOT)/usr/include/libxml2/libxml, and they include each other as <libxml/...>, which
     the sysroot alone does not resolve. Including them here would need -I$(SDKROOT)/usr/include/libxml2, which a
     package can only pass as an unsafe flag, and SwiftPM refuses packages with unsafe flags as dependencies. But the
     SDKs (since Xcode 11.4) ship that directory as a Clang module, `libxml2`, which builds on its own: importing it
     needs no search path at all (what Swift's `import libxml2` does in Fuzi, Kanna and SwiftSoup on Apple platforms).
     So on an Apple SDK this header imports the module instead of including its headers.
   See README, "Platforms, libxml2 and yajl", for what was checked and how. */
#if __has_include(<libxml/xmlversion.h>)
#define FEEDSTREAM_LIBXML(header) <libxml/header>
#include FEEDSTREAM_LIBXML(xmlversion.h)
/* Debian builds libxml2 with ICU; its <unicode/ucnv.h> clashes with the ICU that Foundation bundles. FeedStream
   never touches xmlCharEncodingHandler's fields (the only ones that depend on it), so hide the ICU part. */
#undef LIBXML_ICU_ENABLED
#include FEEDSTREAM_LIBXML(parser.h)
#include FEEDSTREAM_LIBXML(parserInternals.h)
#include FEEDSTREAM_LIBXML(SAX2.h)
#include FEEDSTREAM_LIBXML(xmlerror.h)
#include FEEDSTREAM_LIBXML(dict.h)
#include FEEDSTREAM_LIBXML(hash.h)
#include FEEDSTREAM_LIBXML(entities.h)
#include FEEDSTREAM_LIBXML(HTMLparser.h)
#elif __has_include(<libxml2/libxml/xmlversion.h>) && __has_feature(modules)
#pragma clang module import libxml2
#else
#error "libxml2's headers were not found: install libxml2-dev (Debian, Ubuntu) or libxml2 (Homebrew)"
#endif
#include <stdlib.h>

/* The oldest libxml2 FeedStream builds against: every function it calls exists in 2.9.0 (the newest it needs are
   from 2.8: HTML_PARSE_IGNORE_ENC), and the Apple SDKs of the declared platforms ship 2.9.x or newer, as far as
   known. Only 2.9.14 is tested here. XMLStreamTests checks the library linked at run time against this number. */
#define FEEDSTREAM_LIBXML_MINIMUM_VERSION 20900
#if LIBXML_VERSION < FEEDSTREAM_LIBXML_MINIMUM_VERSION
#error "FeedStream needs libxml2 2.9.0 or newer"
#endif

/* The version of the libxml2 linked at run time (LIBXML_VERSION is the one compiled against). */
static inline int feedstream_libxml_runtime_version(void) {
    return atoi(xmlParserVersion);
}

/* Frees an entity made with xmlNewEntity (no document) and kept in a hash table. xmlFreeEntity is public in the
   2.14 headers; before, only xmlFreeEntitiesTable reaches it (a table made by xmlHashCreate is an entities table). */
#if LIBXML_VERSION >= 21400
static void feedstream_entity_free(void *entity, const xmlChar *name) {
    (void)name;
    xmlFreeEntity((xmlEntityPtr)entity);
}
static inline void feedstream_entity_table_free(xmlHashTablePtr table) {
    xmlHashFree(table, feedstream_entity_free);
}
#else
static inline void feedstream_entity_table_free(xmlHashTablePtr table) {
    xmlFreeEntitiesTable((xmlEntitiesTablePtr)table);
}
#endif

/* libxml2 reports encoding and I/O faults through its generic error channel, which prints to standard error and
   cannot be replaced from Swift (the handler is variadic). FeedStream reads those faults from xmlParseChunk's
   status instead, and silences the channel only for the duration of its own calls, restoring whatever the
   application had set. */
static void feedstream_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* libxml2's XML and HTML push parsers take a chunk the same way (an HTML context is an XML one). */
typedef int (*feedstream_parse_chunk_function)(xmlParserCtxtPtr context, const char *chunk, int size, int terminate);

static inline int feedstream_parse_chunk_quietly(feedstream_parse_chunk_function parse, xmlParserCtxtPtr context,
                                                 const char *chunk, int size, int terminate) {
    xmlGenericErrorFunc saved = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, feedstream_xml_ignore_generic_error);
    int status = parse(context, chunk, size, terminate);
    xmlSetGenericErrorFunc(savedContext, saved);
    return status;
}

static inline int feedstream_xml_parse_chunk(xmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    return feedstream_parse_chunk_quietly(xmlParseChunk, context, chunk, size, terminate);
}

/* The same for libxml2's HTML push parser (page discovery, HTML sanitizing). */
static inline int feedstream_html_parse_chunk(htmlParserCtxtPtr context, const char *chunk, int size, int terminate) {
    return feedstream_parse_chunk_quietly(htmlParseChunk, context, chunk, size, terminate);
}
#endif
