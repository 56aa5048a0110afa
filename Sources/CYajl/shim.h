#ifndef FEEDSTREAM_CYAJL_SHIM_H
#define FEEDSTREAM_CYAJL_SHIM_H
#include <yajl/yajl_parse.h>
#include <yajl/yajl_version.h>

/* yajl_config is variadic, which Swift cannot call; this fixed-arity wrapper turns on the one option we use. */
static inline int feedstream_yajl_allow_multiple_values(yajl_handle handle) {
    return yajl_config(handle, yajl_allow_multiple_values, 1);
}
#endif
