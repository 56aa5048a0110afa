#ifndef FEEDSTREAM_CLIBXML2_SHIM_H
#define FEEDSTREAM_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/dict.h>
#include <libxml/entities.h>
#endif
