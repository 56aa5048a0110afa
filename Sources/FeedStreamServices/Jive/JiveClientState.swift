import FeedStreamNetworking
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``JiveClient/version()`` settles, behind a lock.
///
/// `@unchecked Sendable`: `settled` is only read and written while holding `lock`; `transport` and `limits` are
/// never mutated after `init`.
final class JiveClientState: @unchecked Sendable {
    struct Settled: Sendable {
        /// The instance every call is built on.
        var instanceURL: URL
        /// Set when the instance's own URL did not answer: moves returned URLs onto the typed one.
        var rewrite: JiveURLRewrite?
        /// The core v3 path, from the version record (`api/core/v3`).
        var coreAPIPath: String
    }

    /// One transport for the client's life, so its calls reuse connections.
    let transport: any HTTPTransport
    let limits: TransferLimits
    private let lock = NSLock()
    private var settled: Settled

    init(instanceURL: URL, transport: any HTTPTransport, limits: TransferLimits) {
        self.transport = transport
        self.limits = limits
        settled = Settled(instanceURL: instanceURL, rewrite: nil, coreAPIPath: "api/core/v3")
    }

    var snapshot: Settled { lock.withLock { settled } }

    func settle(_ value: Settled) { lock.withLock { settled = value } }
}
