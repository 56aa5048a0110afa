import Foundation

/// Why a store would not take what a worker's refresh of a subscription found. Nothing of that refresh was stored;
/// the subscription is another worker's (which reports it), no longer stored, or moves on a later refresh.
///
/// The fencing of a fleet: a claim is a lease with a token, and a store applies a finish only while the
/// subscription still holds that token. A worker paused past its lease (a stopped VM, a long pause of the app
/// around it) finds on waking that its claims went to others; what it fetched meanwhile changes nothing.
public enum FinishRefusal: String, Sendable, Hashable, Codable {
    /// This worker's lease ran out and another worker claimed the subscription (or the lease could not be
    /// renewed): the other worker's refresh is the one that counts.
    case leaseLost
    /// The subscription was removed from the store while it was refreshed; what its host held was let go.
    case removed
    /// The feed moved to a URL that another worker is refreshing at this moment: the subscription stays where it
    /// was, due again in a minute, and moves on that refresh.
    case moveDeferred

    /// The status the command line prints: `lease-lost`, `removed`, `move-deferred`.
    public var status: String {
        switch self {
        case .leaseLost: "lease-lost"
        case .removed: "removed"
        case .moveDeferred: "move-deferred"
        }
    }
}

/// A ``RefreshSource``'s finish that the store refused, for the run to report as ``RefreshEvent/refused(id:_:)``
/// instead of the outcome (the run goes on: the refusal is no fault of the store).
package struct RefusedFinish: Error, Sendable, Hashable {
    package var refusal: FinishRefusal
    package init(_ refusal: FinishRefusal) { self.refusal = refusal }
}
