import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a user would otherwise write: Foundation's `XMLParser` with a delegate that collects the same entry
/// fields AtomParser decodes (id, title, dates, authors, links, categories, content), on the whole document.
final class FoundationXMLBaseline: NSObject, XMLParserDelegate {
    struct Entry {
        var id = "", title = "", content = "", published: Date?, updated: Date?
        var authors: [(name: String, email: String, userID: String)] = []
        var links: [[String: String]] = []
        var categories: [[String: String]] = []
    }

    private var entry: Entry?
    private var entries = 0
    private var text = ""
    private var author: (name: String, email: String, userID: String)?
    private let dates = ISO8601DateFormatter()

    static func parse(_ data: Data) -> Int {
        let delegate = FoundationXMLBaseline()
        delegate.dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.entries
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch name {
        case "entry": entry = Entry()
        case "author": author = ("", "", "")
        case "link": entry?.links.append(attributes)
        case "category": entry?.categories.append(attributes)
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard entry != nil else { return }
        switch name {
        case "entry":
            entries += 1
            entry = nil
        case "id": entry?.id = text
        case "title": entry?.title = text
        case "content": entry?.content = text
        case "published": entry?.published = dates.date(from: text)
        case "updated": entry?.updated = dates.date(from: text)
        case "name": author?.name = text
        case "email": author?.email = text
        case "userid": author?.userID = text
        case "author":
            if let author { entry?.authors.append(author) }
            author = nil
        default: break
        }
    }
}
