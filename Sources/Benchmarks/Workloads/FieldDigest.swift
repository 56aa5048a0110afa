import AtomStream
import Foundation
import JSONStream

/// Reads every field of a decoded model into a number, so the optimiser cannot drop the reads and a lazy model
/// would pay for its deferred work inside the timed region.
enum FieldDigest {
    nonisolated(unsafe) private static var sink = 0

    /// Keeps a digest alive past the optimiser.
    @inline(never)
    static func keep(_ digest: Int) {
        sink &+= digest
    }

    static func text(_ value: String?) -> Int { value?.utf8.count ?? 0 }

    static func number(_ value: Int64?) -> Int { Int(truncatingIfNeeded: value ?? 0) }

    static func date(_ value: Date?) -> Int { Int(value?.timeIntervalSince1970 ?? 0) }

    static func tweet(_ tweet: Tweet) -> Int {
        var digest = number(tweet.id) &+ text(tweet.idString) &+ text(tweet.text) &+ date(tweet.createdAt)
        if let user = tweet.user {
            digest &+= number(user.id) &+ text(user.idString) &+ text(user.screenName) &+ text(user.name)
            digest &+= text(user.profileImageURL)
        }
        digest &+= text(tweet.languageCode) &+ text(tweet.source) &+ number(tweet.inReplyToStatusID)
        digest &+= number(tweet.inReplyToUserID) &+ text(tweet.inReplyToScreenName)
        digest &+= (tweet.retweetCount ?? 0) &+ (tweet.favoriteCount ?? 0)
        for hashtag in tweet.hashtags { digest &+= text(hashtag) }
        for mention in tweet.mentions { digest &+= text(mention) }
        for link in tweet.urls { digest &+= text(link.url) &+ text(link.expandedURL) }
        return digest &+ number(tweet.retweetedStatusID) &+ number(tweet.quotedStatusID)
    }

    static func jiveEntry(_ entry: JiveInboxEntry) -> Int {
        var digest = text(entry.verb) &+ text(entry.title) &+ text(entry.content) &+ date(entry.published)
        digest &+= date(entry.updated) &+ text(entry.url) &+ text(entry.kind.rawValue) &+ text(entry.collection)
        digest &+= date(entry.collectionUpdated) &+ (entry.read == true ? 1 : 0) &+ text(entry.contentURL)
        for object in [entry.actor, entry.object, entry.target] {
            guard let object else { continue }
            digest &+= text(object.id) &+ text(object.displayName) &+ text(object.objectType) &+ text(object.url)
            digest &+= text(object.summary) &+ text(object.imageURL)
        }
        return digest
    }

    static func atomEntry(_ entry: AtomEntry) -> Int {
        var digest = text(entry.id) &+ date(entry.published) &+ date(entry.updated)
        digest &+= atomText(entry.title) &+ atomText(entry.summary) &+ atomText(entry.rights)
        if let content = entry.content { digest &+= text(content.type) &+ text(content.value) &+ text(content.src) }
        for person in entry.authors { digest &+= self.person(person) }
        for person in entry.contributors { digest &+= self.person(person) }
        for link in entry.links {
            digest &+= text(link.href) &+ text(link.rel) &+ text(link.type) &+ text(link.hreflang) &+ text(link.title)
            digest &+= number(link.length) &+ (link.threadCount ?? 0)
        }
        for category in entry.categories {
            digest &+= text(category.term) &+ text(category.scheme) &+ text(category.label)
        }
        for reply in entry.inReplyTo { digest &+= text(reply.ref) &+ text(reply.href) }
        for element in entry.extensions {
            digest &+= text(element.namespace) &+ text(element.name) &+ text(element.value)
        }
        return digest
    }

    private static func atomText(_ construct: AtomText?) -> Int {
        guard let construct else { return 0 }
        return text(construct.type.rawValue) &+ text(construct.value)
    }

    private static func person(_ person: AtomPerson) -> Int {
        text(person.name) &+ text(person.email) &+ text(person.uri) &+ text(person.userID)
    }
}
