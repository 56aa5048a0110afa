import Foundation
import JSONStream

/// The body of a Jive content object: its text and the text's media type.
///
/// Jive sends a body in one of two forms. For display (`GET {self}`) the HTML carries markup for Jive's own
/// renderer — `<!-- [DocumentBodyStart:…] -->` comments and a `<div class="jive-rendered-content">` wrapper —
/// and ``editable`` is `false` or absent. For editing (`{self}/editable`) it is simple HTML and ``editable`` is
/// `true`; that is the text to put in an editor and send back. ``editableText`` gives simple HTML either way.
public struct JiveContentBody: Sendable, Hashable, Codable {
    /// The text, HTML for `text/html`.
    public var text: String
    /// The media type, usually `text/html`.
    public var type: String?
    /// Whether ``text`` is the simple HTML meant for editing rather than the display form.
    public var editable: Bool?
    /// Every other member, as sent.
    public var additionalFields: [String: JSONValue]

    /// Creates a body.
    public init(
        text: String, type: String? = "text/html", editable: Bool? = nil,
        additionalFields: [String: JSONValue] = [:]
    ) {
        self.text = text
        self.type = type
        self.editable = editable
        self.additionalFields = additionalFields
    }

    /// The text as simple HTML for an editor: ``text`` itself when it is the editable form, otherwise ``text``
    /// without the display markup (see ``strippingDisplayMarkup(_:)``).
    public var editableText: String {
        editable == true ? text : Self.strippingDisplayMarkup(text)
    }

    static let knownFields: Set<String> = ["text", "type", "editable"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JiveFieldKey.self)
        text = try container.decode(String.self, forKey: "text")
        type = try container.decodeIfPresent(String.self, forKey: "type")
        editable = try container.decodeIfPresent(Bool.self, forKey: "editable")
        additionalFields = try container.additionalFields(excluding: Self.knownFields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JiveFieldKey.self)
        try container.encode(additionalFields: additionalFields, excluding: Self.knownFields)
        try container.encode(text, forKey: "text")
        try container.encodeIfPresent(type, forKey: "type")
        try container.encodeIfPresent(editable, forKey: "editable")
    }
}
