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
#include <string.h>

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

/* Character data between two other SAX events, collected so that the handler is called once for the run instead of
   once for every piece libxml2 delivers: in escaped markup (`&lt;span class="n"&gt;x&lt;/span&gt;`, how Jekyll
   and pandoc publish HTML in Atom) libxml2 makes a characters callback for every reference and every piece between
   two, and the call into Swift and the handler's dispatch cost more than the piece's bytes (BENCHMARKS.md, "Escaped
   markup in one call").

   libxml2 hands each SAX callback this struct (the context's user data); `receiver` is the parser behind it. The
   first piece of a run goes to the handler at once, without a copy: text without references (most values, the
   white space between elements) comes in one piece and pays only for a test. The pieces after it are copied here
   until the next event other than text (`feedstream_text_run_flush`) or until the buffer is full. */
#define FEEDSTREAM_TEXT_RUN_CAPACITY 4096
#define FEEDSTREAM_TEXT_RUN_DIRECT 256

typedef void (*feedstream_text_receiver)(void *receiver, const char *bytes, int count);

typedef struct {
    void *receiver;
    feedstream_text_receiver deliver;
    /* -1 between runs; in a run whose first piece was delivered, the bytes collected since (the next piece is
       collected). One field, so that the check every other event makes is one load. */
    int count;
    char bytes[FEEDSTREAM_TEXT_RUN_CAPACITY];
} feedstream_text_run;

/* Hands what was collected over, out of the callers' line: most runs are one piece and collect nothing. */
static __attribute__((noinline)) void feedstream_text_run_deliver_collected(void *user) {
    feedstream_text_run *run = (feedstream_text_run *)user;
    int count = run->count;
    run->count = -1;
    run->deliver(run->receiver, run->bytes, count);
}

/* Hands what is collected to the handler and ends the run; called before every other event reaches it, and at the
   end. */
static inline void feedstream_text_run_flush(void *user) {
    feedstream_text_run *run = (feedstream_text_run *)user;
    if (run->count == 0) {
        run->count = -1;
    } else if (run->count > 0) {
        feedstream_text_run_deliver_collected(user);
    }
}

/* A piece after the first of its run (from a SAX callback's user data): collected, or — long, or past the buffer —
   delivered after what was. */
static __attribute__((noinline)) void feedstream_text_run_collect(void *user, const xmlChar *bytes, int count) {
    feedstream_text_run *run = (feedstream_text_run *)user;
    if (count >= FEEDSTREAM_TEXT_RUN_DIRECT) {
        if (run->count > 0) {
            int collected = run->count;
            run->count = 0;
            run->deliver(run->receiver, run->bytes, collected);
        }
        run->deliver(run->receiver, (const char *)bytes, count);
        return;
    }
    if (count > FEEDSTREAM_TEXT_RUN_CAPACITY - run->count) {
        int collected = run->count;
        run->count = 0;
        run->deliver(run->receiver, run->bytes, collected);
    }
    char *end = run->bytes + run->count;
    if (count <= 8) {
        /* Most are a reference's replacement, a byte or a few: copied by moves of a fixed size (which overlap for
           some counts) rather than through a call to memcpy. */
        if (count >= 4) {
            unsigned int head, tail;
            memcpy(&head, bytes, 4);
            memcpy(&tail, bytes + count - 4, 4);
            memcpy(end, &head, 4);
            memcpy(end + count - 4, &tail, 4);
        } else if (count > 0) {
            end[0] = (char)bytes[0];
            end[count >> 1] = (char)bytes[count >> 1];
            end[count - 1] = (char)bytes[count - 1];
        }
    } else {
        memcpy(end, bytes, (size_t)count);
    }
    run->count += count;
}

/* Whether a piece of character data is the first of its run (which then begins): the characters callback hands it
   to the handler at once, else to `feedstream_text_run_collect`. These functions take the SAX callbacks' user
   data, the run. */
static inline int feedstream_text_run_begin(void *user) {
    feedstream_text_run *run = (feedstream_text_run *)user;
    if (run->count < 0) {
        run->count = 0;
        return 1;
    }
    return 0;
}

/* A run for `deliver`, empty; its receiver is set once the parser exists. Freed by `feedstream_text_run_free`. */
static inline feedstream_text_run *feedstream_text_run_create(feedstream_text_receiver deliver) {
    feedstream_text_run *run = (feedstream_text_run *)malloc(sizeof(feedstream_text_run));
    if (run != NULL) {
        run->receiver = NULL;
        run->deliver = deliver;
        run->count = -1;
    }
    return run;
}

static inline void feedstream_text_run_free(feedstream_text_run *run) { free(run); }

/* The parser behind a SAX callback's user data. */
static inline void *feedstream_text_run_receiver(void *user) { return ((feedstream_text_run *)user)->receiver; }

/* Ends the run before an element event, from a SAX callback's user data: 0 when nothing was collected (the usual
   case), else 1, and the caller hands what was over by `feedstream_text_run_deliver_collected` first. */
static inline int feedstream_text_run_end(void *user) {
    feedstream_text_run *run = (feedstream_text_run *)user;
    if (run->count <= 0) {
        run->count = -1;
        return 0;
    }
    return 1;
}

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
