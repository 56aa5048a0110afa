import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transports every network test runs through.
public enum TransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession = "URLSessionTransport"
    #if canImport(AsyncHTTPClient)
        case asyncHTTPClient = "AsyncHTTPClientTransport"
    #endif

    public var description: String { rawValue }

    /// A fresh transport of this kind, patient enough for a busy test machine.
    public func make() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport(configuration: .patientLoopback)
        #if canImport(AsyncHTTPClient)
            case .asyncHTTPClient: AsyncHTTPClientTransport()
        #endif
        }
    }

    /// A transport whose connections a test may count: on one client for the process's life. Made without one,
    /// the default transport rotates its clients by hosts, and the other tests' hosts could retire its client
    /// between two requests of one test (a new client, a new connection).
    public func makeOnOneClient() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport(configuration: .patientLoopback)
        #if canImport(AsyncHTTPClient)
            case .asyncHTTPClient: AsyncHTTPClientTransport(client: AsyncHTTPClientTransport.sharedClient)
        #endif
        }
    }
}

extension URLSessionTransport {
    /// A transport on a session with the patient loopback configuration.
    public static var patientLoopback: URLSessionTransport { URLSessionTransport(configuration: .patientLoopback) }
}

extension TransferLimits {
    /// Limits with the patient idle timeout (``URLSessionConfiguration/patientTimeout``).
    public static var patientLoopback: TransferLimits {
        TransferLimits(idleTimeout: URLSessionConfiguration.patientTimeout)
    }
}
