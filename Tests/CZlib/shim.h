// zlib, for the loopback servers of the tests and benchmarks to compress what they serve (Foundation on Linux
// has no gzip). The library itself inflates through its transports and never links zlib.
#include <zlib.h>
