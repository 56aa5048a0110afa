#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import FeedStreamNetworking
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOSSL
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Issue 27, item 3: AsyncHTTPClient's and NIO's errors are told apart by type and code. Each mapping is checked
    /// on an error made directly; TransportFaultTests checks the real ones a loopback server provokes (refused, cut,
    /// reset, stalled).
    @Suite("AsyncHTTPClientTransport: errors by type and code")
    struct AsyncHTTPClientErrorTests {
        static let url = URL(string: "http://127.0.0.1:9/feed")!
        static let closed = HTTPTransportError.Kind.connectionClosed(received: 10, expected: 20)

        static func kind(_ error: any Error) -> HTTPTransportError.Kind? {
            AsyncHTTPClientTransport.errorKind(of: error, closed: closed)
        }

        @Test("AsyncHTTPClient's errors, by their static values")
        func httpClientErrors() {
            #expect(Self.kind(HTTPClientError.cancelled) == nil, "a cancellation")
            #expect(Self.kind(HTTPClientError.deadlineExceeded) == nil, "the engine's own deadline: a cancellation")
            for error in [HTTPClientError.connectTimeout, .readTimeout, .tlsHandshakeTimeout] {
                #expect(Self.kind(error) == .other(detail: "timed out connecting"), "\(error)")
            }
            #expect(Self.kind(HTTPClientError.remoteConnectionClosed) == Self.closed)
            #expect(Self.kind(HTTPClientError.bodyLengthMismatch) == Self.closed)
            for error in [HTTPClientError.invalidURL, .emptyHost, .emptyScheme] {
                #expect(Self.kind(error) == .unsupportedScheme, "\(error)")
            }
            #expect(Self.kind(HTTPClientError.alreadyShutdown) == .other(detail: "HTTP client error: Already shutdown"))
        }

        @Test("System call failures, by errno")
        func ioErrors() {
            #expect(Self.kind(IOError(errnoCode: ECONNREFUSED, reason: "connect")) == .connectionRefused)
            #expect(Self.kind(IOError(errnoCode: ECONNRESET, reason: "read")) == Self.closed)
            #expect(Self.kind(IOError(errnoCode: EPIPE, reason: "write")) == Self.closed)
            #expect(Self.kind(IOError(errnoCode: ECONNABORTED, reason: "read")) == Self.closed)
            #expect(
                Self.kind(IOError(errnoCode: ETIMEDOUT, reason: "connect")) == .other(detail: "timed out connecting"))
            // No network at all: not the host's fault, and not counted against its feeds.
            #expect(Self.kind(IOError(errnoCode: ENETUNREACH, reason: "connect")) == .networkUnavailable)
            #expect(Self.kind(IOError(errnoCode: ENETDOWN, reason: "connect")) == .networkUnavailable)
            #expect(
                Self.kind(IOError(errnoCode: EHOSTDOWN, reason: "connect"))
                    == .other(detail: "network error: host is down"))
        }

        @Test("NIO's connection error, by the faults of its attempts")
        func connectionAttempts() {
            #expect(AsyncHTTPClientTransport.errorKind(connecting: []) == .nameNotFound, "no address was tried")
            let refused = IOError(errnoCode: ECONNREFUSED, reason: "connect")
            let timedOut = IOError(errnoCode: ETIMEDOUT, reason: "connect")
            #expect(AsyncHTTPClientTransport.errorKind(connecting: [timedOut, refused]) == .connectionRefused)
            #expect(
                AsyncHTTPClientTransport.errorKind(connecting: [timedOut]) == .other(detail: "timed out connecting"))
            let unreachable = IOError(errnoCode: ENETUNREACH, reason: "connect")
            #expect(AsyncHTTPClientTransport.errorKind(connecting: [unreachable, unreachable]) == .networkUnavailable)
            #expect(AsyncHTTPClientTransport.errorKind(connecting: [unreachable, refused]) == .connectionRefused)
            #expect(
                AsyncHTTPClientTransport.errorKind(connecting: [CancellationError()]) == .other(detail: "network error")
            )
        }

        @Test("Name resolution, TLS, parser and channel errors, by type and case")
        func otherTypes() {
            #expect(Self.kind(SocketAddressError.unsupported) == .nameNotFound)
            #expect(Self.kind(NIOSSLError.handshakeFailed(.unknownError([]))) == .tlsFailure)
            #expect(Self.kind(NIOSSLError.unableToValidateCertificate) == .tlsFailure)
            #expect(Self.kind(BoringSSLError.syscallError) == .tlsFailure)
            #expect(Self.kind(NIOSSLExtraError.failedToValidateHostname) == .tlsFailure)
            #expect(Self.kind(NIOSSLError.uncleanShutdown) == Self.closed, "a cut connection, not a TLS fault")
            #expect(Self.kind(HTTPParserError.invalidEOFState) == Self.closed)
            #expect(Self.kind(HTTPParserError.invalidChunkSize) == .other(detail: "network error"))
            #expect(Self.kind(ChannelError.connectTimeout(.seconds(1))) == .other(detail: "timed out connecting"))
            for error in [ChannelError.eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed] {
                #expect(Self.kind(error) == Self.closed, "\(error)")
            }
            #expect(Self.kind(ChannelError.inappropriateOperationForState) == .other(detail: "network error"))
            #expect(Self.kind(CancellationError()) == nil)
            struct Unknown: Error {}
            #expect(Self.kind(Unknown()) == .other(detail: "network error"))
        }

        @Test("The error thrown: a cancellation, or one typed error with the URL and a one-line message")
        func thrown() throws {
            let cancelled = AsyncHTTPClientTransport.transportError(
                HTTPClientError.cancelled, url: Self.url, received: 0, expected: nil)
            #expect(cancelled is CancellationError)
            let cut = try #require(
                AsyncHTTPClientTransport.transportError(
                    IOError(errnoCode: ECONNRESET, reason: "read"), url: Self.url, received: 10, expected: 20)
                    as? HTTPTransportError)
            #expect(cut.kind == .connectionClosed(received: 10, expected: 20))
            #expect(cut.description == "http://127.0.0.1:9/feed: connection closed after 10 of 20 bytes")
        }
    }
#endif
