#if canImport(AsyncHTTPClient)
    /// The transport every entry point uses unless told otherwise: ``AsyncHTTPClientTransport`` on Linux, where
    /// FoundationNetworking cannot make a transfer wait for a slow consumer.
    public typealias DefaultHTTPTransport = AsyncHTTPClientTransport
#else
    /// The transport every entry point uses unless told otherwise: ``URLSessionTransport`` on Apple platforms,
    /// where a suspended task makes the transfer wait for a slow consumer (and no NIO is built).
    public typealias DefaultHTTPTransport = URLSessionTransport
#endif
