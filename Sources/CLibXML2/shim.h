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
#endif
