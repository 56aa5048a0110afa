#if canImport(AsyncHTTPClient)
    import AsyncHTTPClient
    import Foundation
    import NIOCore
    import NIOHTTP1
    import NIOPosix
    import NIOSSL

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The errors of AsyncHTTPClient and NIO in the user's terms, told apart by their types, static values and codes
    /// only: never by a type's name or a description's text, which a dependency may reword in any release.
    extension AsyncHTTPClientTransport {
        /// The error to throw for `error`: a `CancellationError` when the transfer was cancelled, else an
        /// ``HTTPTransportError`` for `url`. `received` and `expected` describe the body when it was cut short.
        package static func transportError(_ error: any Error, url: URL, received: Int64, expected: Int64?)
            -> any Error
        {
            guard var kind = errorKind(of: error, closed: .connectionClosed(received: received, expected: expected))
            else { return CancellationError() }
            if received == 0, kind == .nameNotFound || kind == timedOutConnecting,
                NetworkPath.explainsFailure(reaching: url)
            {
                kind = .networkUnavailable
            }
            return HTTPTransportError(kind, url: url)
        }

        /// What `error` means; `nil` for a cancellation. `closed` is the kind of a connection that ended early.
        package static func errorKind(of error: any Error, closed: HTTPTransportError.Kind) -> HTTPTransportError.Kind?
        {
            switch error {
            case is CancellationError: return nil
            case let error as HTTPClientError: return errorKind(client: error, closed: closed)
            case let error as HTTPParserError where error == .invalidEOFState:
                // The connection ended before the body announced by Content-Length (or the last chunk).
                return closed
            case let error as IOError: return errorKind(errno: error.errnoCode, closed: closed)
            case let error as NIOConnectionError:
                return errorKind(connecting: error.connectionErrors.map(\.error))
            case is SocketAddressError, is SocketAddressError.UnknownHost: return .nameNotFound
            case let error as NIOSSLError where error == .uncleanShutdown:
                // The peer closed the connection without TLS's close_notify: a cut transfer, not a TLS fault.
                return closed
            case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError: return .tlsFailure
            case let error as ChannelError: return errorKind(channel: error, closed: closed)
            default: return .other(detail: "network error")
            }
        }

        private static let timedOutConnecting = HTTPTransportError.Kind.other(detail: "timed out connecting")

        /// AsyncHTTPClient's own errors, by their static values.
        package static func errorKind(client error: HTTPClientError, closed: HTTPTransportError.Kind) -> HTTPTransportError
            .Kind?
        {
            switch error {
            case .cancelled, .deadlineExceeded: nil
            case .connectTimeout, .readTimeout, .tlsHandshakeTimeout: timedOutConnecting
            case .remoteConnectionClosed, .bodyLengthMismatch: closed
            case .emptyScheme, .invalidURL, .emptyHost: .unsupportedScheme
            default: .other(detail: "HTTP client error: \(error.shortDescription)")
            }
        }

        /// A system call's failure, by its `errno`.
        package static func errorKind(errno code: Int32, closed: HTTPTransportError.Kind) -> HTTPTransportError.Kind {
            switch code {
            case ECONNREFUSED: .connectionRefused
            case ENETUNREACH, ENETDOWN: .networkUnavailable
            case ECONNRESET, EPIPE, ECONNABORTED: closed
            case ETIMEDOUT: timedOutConnecting
            default: .other(detail: "network error: \(String(cString: strerror(code)).lowercased())")
            }
        }

        /// NIO's connection error (Happy Eyeballs), by the faults of its attempts: refused when any address
        /// refused, else the first attempt's fault; when no address was tried, the name did not resolve (its lookups
        /// failed or found nothing: the same to the user).
        package static func errorKind(connecting attempts: [any Error]) -> HTTPTransportError.Kind {
            let kinds = attempts.map { errorKind(of: $0, closed: .connectionClosed(received: 0, expected: nil)) }
            if kinds.contains(.connectionRefused) { return .connectionRefused }
            if !kinds.isEmpty, kinds.allSatisfy({ $0 == .networkUnavailable }) { return .networkUnavailable }
            if let first = kinds.first { return first ?? .other(detail: "network error") }
            return .nameNotFound
        }

        /// NIO's channel errors, by case.
        package static func errorKind(channel error: ChannelError, closed: HTTPTransportError.Kind)
            -> HTTPTransportError.Kind
        {
            switch error {
            case .connectTimeout: timedOutConnecting
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: closed
            default: .other(detail: "network error")
            }
        }
    }
#endif
