import AtomStream
import FeedStreamServices
import Foundation

/// `{"subscription": URL, "entry": {…}}`.
struct EntryLine: Encodable {
    var subscription: String
    var entry: AtomEntry
}

/// One subscription's status line: `status` as ``RefreshOutcome/status``; a failure adds `kind` (a
/// ``RefreshFailure/Kind``), `statusCode` when an answer arrived, and `error`; `deferred` adds `retryAfter`, when
/// the host may be asked again; `disabled` once the error limit stopped the subscription. A finish the store refused has a status of its own (``init(id:refused:entries:)``).
struct StatusLine: Encodable {
    var subscription: String
    var status: String
    var entries: Int
    var wireBytes: Int64?
    var bodyBytes: Int64?
    var movedTo: String?
    var kind: String?
    var statusCode: Int?
    var error: String?
    var retryAfter: Date?
    /// Set when the refresher stopped asking (``Subscription/disabled``, the error limit reached): since when.
    var disabled: Date?
    var nextDue: Date?

    init(id: URL, _ updated: Subscription, _ outcome: RefreshOutcome, _ cost: RefreshTransfer?, entries: Int) {
        subscription = id.absoluteString
        status = outcome.status
        self.entries = entries
        wireBytes = cost?.wireBytes
        bodyBytes = cost?.bodyBytes
        if case .moved(let target) = outcome { movedTo = target.absoluteString }
        switch outcome {
        case .failed(let failure):
            kind = failure.kind.rawValue
            statusCode = failure.statusCode
            error = failure.message
        case .deferred(let until): retryAfter = until
        default: break
        }
        disabled = updated.disabled
        nextDue = updated.nextDue
    }

    /// The line of a finish the store refused (``FinishRefusal``): `lease-lost`, `removed` or `move-deferred`, with
    /// `error` saying why. No outcome: the worker holding the subscription now reports it.
    init(id: URL, refused refusal: FinishRefusal, entries: Int) {
        subscription = id.absoluteString
        status = refusal.status
        self.entries = entries
        error =
            switch refusal {
            case .leaseLost: "the lease went to another worker; nothing of this refresh was stored"
            case .removed: "no longer in the store; nothing of this refresh was stored"
            case .moveDeferred: "moved to a URL another worker is refreshing; it moves on a later refresh"
            }
    }
}
