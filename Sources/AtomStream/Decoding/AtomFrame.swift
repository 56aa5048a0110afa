@_spi(XMLEngine) import XMLStream
/// What an open element means to the decoder. One frame per open element; the role decides what its children
/// and text become.
enum AtomRole: FeedElementRole {
    /// The root `feed`.
    case feed
    /// An `entry`, in a feed or as the root of an Atom Entry Document.
    case entry
    /// The root of an IBM Connections error body (`snx:error`, `td:error`, Abdera's `error`), and its text fields;
    /// the fields are in the root's namespace.
    case serviceError(namespace: XMLName)
    case serviceErrorField(ServiceErrorField)
    /// A text construct (`title`, `subtitle`, `summary`, `rights`) of the feed or the current entry.
    case text(TextField, FeedScope)
    /// An entry's `content`.
    case content
    /// An element inside XHTML or XML content, re-serialized as markup.
    case markup
    /// The wrapper `div` of XHTML content, dropped from the value.
    case markupWrapper
    /// A single-valued element whose text is parsed on close.
    case simple(SimpleField, FeedScope)
    /// An `author` or `contributor` of the feed or the current entry, and its fields.
    case person(PersonRole, FeedScope)
    case personField(PersonField)
    /// A child of the entry outside the Atom namespace: kept when it holds only text.
    case extensionElement(namespace: XMLName, localName: XMLName)
    /// An iTunes, Podcasting 2.0 or Media RSS element read by the ``PodcastReader``; `keepsExtension` when it is a
    /// child of the entry that `extensions` keeps as before (if it holds only text).
    case podcast(PodcastElement, FeedScope, keepsExtension: Bool)
    /// An element the model does not hold; its whole subtree is skipped.
    case ignored
}

enum TextField {
    case title, subtitle, summary, rights
}

enum SimpleField {
    case id, published, updated, icon, logo, generator, totalResults, startIndex, itemsPerPage
}

enum PersonRole {
    case author, contributor
}

enum PersonField {
    case name, email, uri, userID
}

enum ServiceErrorField {
    case code, message
}

/// One open element of an Atom document.
typealias AtomFrame = ElementFrame<AtomRole>

/// How character data is being collected.
enum TextCapture {
    /// Character data is not kept.
    case off
    /// Only the direct text of the element at `depth` is kept.
    case text(depth: Int)
    /// Everything below the element at `depth` is kept as escaped markup.
    case markup(depth: Int)
}
