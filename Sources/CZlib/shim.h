// zlib: AsyncHTTPClientTransport inflates gzip, zlib and raw deflate bodies with it as they stream (Linux; on Apple
// platforms URLSession inflates), and the tests' loopback servers compress what they serve with it.
#include <zlib.h>
