import AtomStream
import JSONStream
import StreamCore

// Members in key order; `JSONWriterTests` compares every recorded item, and every model with all its fields set,
// with its `Codable` encoding, so a field added to a model and not here fails there.

extension AtomEntry: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.array("authors", authors)
        object.array("categories", categories)
        object.object("content", content)
        object.array("contributors", contributors)
        object.array("extensions", extensions)
        object.encodable("extraction", extraction)
        object.string("id", id)
        object.array("inReplyTo", inReplyTo)
        object.array("links", links)
        object.encodable("media", media)
        object.encodable("podcast", podcast)
        object.date("published", published)
        object.object("rights", rights)
        object.object("summary", summary)
        object.object("title", title)
        object.date("updated", updated)
        object.leftOut("the identity a repeated id gave the entry: not one of DESIGN.md's keys (AtomEntry.identity)")
    }
}

extension AtomText: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("type", type)
        object.string("value", value)
    }
}

extension AtomContent: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("src", src)
        object.string("type", type)
        object.string("value", value)
    }
}

extension AtomPerson: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("email", email)
        object.string("name", name)
        object.string("uri", uri)
        object.string("userID", userID)
    }
}

extension AtomLink: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("href", href)
        object.string("hreflang", hreflang)
        object.integer("length", length)
        object.string("rel", rel)
        object.integer("threadCount", threadCount)
        object.string("title", title)
        object.string("type", type)
    }
}

extension AtomCategory: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("label", label)
        object.string("scheme", scheme)
        object.string("term", term)
    }
}

extension AtomReplyReference: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("href", href)
        object.string("ref", ref)
    }
}

extension AtomExtensionElement: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("name", name)
        object.string("namespace", namespace)
        object.string("value", value)
    }
}

extension JiveInboxEntry: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.object("actor", actor)
        object.string("collection", collection)
        object.date("collectionUpdated", collectionUpdated)
        object.string("content", content)
        object.string("contentURL", contentURL)
        object.string("kind", kind)
        object.object("object", self.object)
        object.date("published", published)
        object.bool("read", read)
        object.object("target", target)
        object.string("title", title)
        object.date("updated", updated)
        object.string("url", url)
        object.string("verb", verb)
    }
}

extension JiveActivityObject: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("displayName", displayName)
        object.string("id", id)
        object.string("imageURL", imageURL)
        object.string("objectType", objectType)
        object.string("summary", summary)
        object.string("url", url)
    }
}

extension Tweet: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.date("createdAt", createdAt)
        object.integer("favoriteCount", favoriteCount)
        object.strings("hashtags", hashtags)
        object.integer("id", id)
        object.string("idString", idString)
        object.string("inReplyToScreenName", inReplyToScreenName)
        object.integer("inReplyToStatusID", inReplyToStatusID)
        object.integer("inReplyToUserID", inReplyToUserID)
        object.string("languageCode", languageCode)
        object.strings("mentions", mentions)
        object.integer("quotedStatusID", quotedStatusID)
        object.integer("retweetCount", retweetCount)
        object.integer("retweetedStatusID", retweetedStatusID)
        object.string("source", source)
        object.string("text", text)
        object.array("urls", urls)
        object.object("user", user)
    }
}

extension TweetURL: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.string("expandedURL", expandedURL)
        object.string("url", url)
    }
}

extension TwitterUser: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        object.integer("id", id)
        object.string("idString", idString)
        object.string("name", name)
        object.string("profileImageURL", profileImageURL)
        object.string("screenName", screenName)
    }
}

extension TwitterStreamMessage: JSONWritable {
    func writeJSON(to object: inout JSONObjectWriter) {
        switch self {
        case .tweet(let tweet): object.object("tweet", tweet)
        case .delete(let notice): object.encodable("delete", notice)
        case .limit(let notice): object.encodable("limit", notice)
        case .disconnect(let notice): object.encodable("disconnect", notice)
        case .warning(let warning): object.encodable("warning", warning)
        case .other(let value): object.encodable("other", value)
        }
    }
}
