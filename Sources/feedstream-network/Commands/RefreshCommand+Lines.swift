import AtomStream
import FeedStreamServices
import Foundation

/// `{"subscription": URL, "entry": {…}}`.
struct EntryLine: Encodable {
    var subscription: String
    var entry: AtomEntry
}

/// One subscription's status line.
struct StatusLine: Encodable {
    var subscription: String
    var status: String
    var entries: Int
    var wireBytes: Int64?
    var bodyBytes: Int64?
    var movedTo: String?
    var error: String?
    var nextDue: Date?

    init(id: URL, _ updated: Subscription, _ outcome: RefreshOutcome, _ cost: RefreshTransfer?, entries: Int) {
        subscription = id.absoluteString
        status = outcome.status
        self.entries = entries
        wireBytes = cost?.wireBytes
        bodyBytes = cost?.bodyBytes
        if case .moved(let target) = outcome { movedTo = target.absoluteString }
        if case .failed(let failure) = outcome { error = failure.message }
        nextDue = updated.nextDue
    }
}
