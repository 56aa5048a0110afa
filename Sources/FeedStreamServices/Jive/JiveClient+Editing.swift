import Foundation
import FeedStreamNetworking
import JSONStream

extension JiveClient {
    /// The content with its text in the editable form (simple HTML, `content.editable == true`):
    /// `GET {self}/editable`. It does not take the lock.
    public func editableContent(_ content: JiveContent) async throws -> JiveContent {
        let editable = try await send("GET", try editableURL(of: content), as: JiveContent.self)
        return keepingSelf(of: content, editable)
    }

    /// Takes the editing lock for the signed-in person and returns the content in its editable form, with
    /// `editingBy` set: `POST {self}/editable`.
    ///
    /// - Throws: ``HTTPResponseError`` with status 409 when someone else holds the lock; its
    ///   ``HTTPResponseError/serviceError`` carries Jive's message.
    public func lockForEditing(_ content: JiveContent) async throws -> JiveContent {
        let locked = try await send("POST", try editableURL(of: content), as: JiveContent.self)
        return keepingSelf(of: content, locked)
    }

    /// Saves the work in progress while keeping the lock (autosave): `PUT {self}/editable` with the content as
    /// JSON. Others keep seeing the published version until ``update(_:)``.
    public func saveWhileEditing(_ content: JiveContent) async throws -> JiveContent {
        let body = try Self.encode(content)
        let saved = try await send("PUT", try editableURL(of: content), body: body, as: JiveContent.self)
        return keepingSelf(of: content, saved)
    }

    /// Gives the lock up without publishing: `DELETE {self}/editable`.
    public func unlock(_ content: JiveContent) async throws {
        _ = try await exchange(
            "DELETE", try editableURL(of: content), body: nil, as: JSONValue.self, allowsEmptyBody: true)
    }

    /// Publishes the content — a new version for everyone — and releases the lock: `PUT {self}` with the
    /// content as JSON, every field it was given included (``JiveContent/additionalFields``).
    public func update(_ content: JiveContent) async throws -> JiveContent {
        guard let url = content.updateURL else { throw URLError(.badURL) }
        let published = try await send("PUT", url, body: try Self.encode(content), as: JiveContent.self)
        return keepingSelf(of: content, published)
    }

    /// `result`, with the URL of `content` when the server's answer names none.
    private func keepingSelf(of content: JiveContent, _ result: JiveContent) -> JiveContent {
        var result = result
        if result.selfURL == nil { result.selfURL = content.selfURL }
        return result
    }

    private func editableURL(of content: JiveContent) throws -> URL {
        guard let url = content.editableURL else { throw URLError(.badURL) }
        return url
    }

    static func encode(_ content: JiveContent) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(content)
    }
}
