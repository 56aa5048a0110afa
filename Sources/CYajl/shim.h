#ifndef FEEDSTREAM_CYAJL_SHIM_H
#define FEEDSTREAM_CYAJL_SHIM_H
#include <yajl/yajl_parse.h>
#include <yajl/yajl_version.h>
#endif
