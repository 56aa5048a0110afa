import Foundation
import JSONStream

/// A model whose URLs can be moved by a ``JiveURLRewrite``: every URL it holds, typed or kept in
/// `additionalFields`.
protocol JiveURLRewritable {
    mutating func rewriteURLs(with rewrite: JiveURLRewrite)
}

extension JiveURLRewrite {
    func apply(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(apply(text))
        case .array(let elements): .array(elements.map(apply))
        case .object(let members): .object(members.map { JSONMember(key: $0.key, value: apply($0.value)) })
        default: value
        }
    }

    func apply(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        fields.mapValues(apply)
    }

    func apply(_ resources: [String: JiveResource]) -> [String: JiveResource] {
        resources.mapValues { JiveResource(ref: $0.ref.map(apply), allowed: $0.allowed) }
    }
}

extension JivePerson: JiveURLRewritable {
    mutating func rewriteURLs(with rewrite: JiveURLRewrite) {
        thumbnailURL = thumbnailURL.map(rewrite.apply)
        resources = rewrite.apply(resources)
        additionalFields = rewrite.apply(additionalFields)
    }
}

extension JiveContentBody: JiveURLRewritable {
    mutating func rewriteURLs(with rewrite: JiveURLRewrite) {
        text = rewrite.applyToHTML(text)
        additionalFields = rewrite.apply(additionalFields)
    }
}

extension JiveContent: JiveURLRewritable {
    mutating func rewriteURLs(with rewrite: JiveURLRewrite) {
        selfURL = selfURL.map(rewrite.apply)
        editingBy?.rewriteURLs(with: rewrite)
        content?.rewriteURLs(with: rewrite)
        author?.rewriteURLs(with: rewrite)
        resources = rewrite.apply(resources)
        additionalFields = rewrite.apply(additionalFields)
    }
}

extension JivePlatformVersion: JiveURLRewritable {
    /// Leaves ``instanceURL`` as the server said it — it is what the redirect check is about — and moves the
    /// rest.
    mutating func rewriteURLs(with rewrite: JiveURLRewrite) {
        additionalFields = rewrite.apply(additionalFields)
    }
}

extension JSONValue: JiveURLRewritable {
    mutating func rewriteURLs(with rewrite: JiveURLRewrite) {
        self = rewrite.apply(self)
    }
}
