// One folder per service (Connections, Jive, Twitter, WebSphere, FellowshipOne): typed queries, paging
// strategies, error bodies and clients, built on the service-neutral machinery of FeedStreamNetworking and the
// decoders of AtomStream and JSONStream, which this module re-exports so that one import is enough.
@_exported import AtomStream
@_exported import FeedStreamNetworking
@_exported import JSONStream
