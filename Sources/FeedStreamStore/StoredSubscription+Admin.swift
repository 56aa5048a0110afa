import FeedStreamServices
import Foundation

extension StoredSubscription {
    /// The due column of a gone or disabled subscription (``dueKey(_:)``), and of no other: `clearGone` finds them
    /// by it.
    package static let goneDue: Double = 1e15

    /// A stopped subscription as `clearGone` stores it: `gone` and `disabled` cleared, no failures counted, due at
    /// `now`.
    package static func clearingGone(_ subscription: Subscription, now: Date) -> Subscription {
        var subscription = subscription
        subscription.gone = nil
        subscription.disabled = nil
        subscription.notFoundSince = nil
        subscription.failures = 0
        subscription.nextDue = now
        return subscription
    }

    /// ``clearingGone(_:now:)`` of a row's `json`, and the JSON to store.
    package static func clearingGone(_ json: String, now: Date) throws -> (cleared: Subscription, json: String) {
        let subscription = clearingGone(try decode(json), now: now)
        return (subscription, try self.json(subscription))
    }

    /// The keys of the `moved` rows that lead to `subscription`, deleted with it so that adding one of its URLs
    /// again adds it afresh: the URLs it moved from, and the one it was asked for by.
    package static func formerKeys(of subscription: Subscription, asked key: Data) -> [Data] {
        Array(Set(subscription.movedFrom.map { StoreKey.digest($0.absoluteString) }).union([key]))
    }
}

/// What `lookUp` and `remove` read of a subscription's row, in both SQL stores.
package struct StoredSubscriptionRow: Sendable {
    /// The row's key: its URL's digest.
    package var key: Data
    package var host: String
    /// The lease on it: its worker and its end (the store's clock), when it has one.
    package var owner: String?
    package var until: Double?
    /// The subscription's JSON.
    package var data: String

    package init(key: Data, host: String, owner: String?, until: Double?, data: String) {
        self.key = key
        self.host = host
        self.owner = owner
        self.until = until
        self.data = data
    }
}
