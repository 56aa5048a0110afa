import Foundation

/// A feed that sends only summaries and the article pages its items link to: what full-text tests serve.
public enum SummaryFeed {
    /// A paragraph long enough for an extractor to take it for article text.
    public static let paragraph = """
        The council met on Tuesday evening to discuss the new library, which has been delayed twice, and \
        residents asked why the budget had grown by a third since the plans were first shown in spring.
        """

    /// An article page whose text names `path` ("The story at PATH begins."), with a menu an extractor leaves out.
    public static func page(_ path: String) -> String {
        """
        <html><head><title>Story \(path)</title></head><body><div class="menu"><a href="/">Home</a></div>
        <article><p>The story at \(path) begins. \(paragraph)</p><p>\(paragraph)</p><p>\(paragraph)</p>
        </article></body></html>
        """
    }

    /// An RSS feed of items `item-0`, `item-1`, … with a short `description` each, linking to `links` in turn;
    /// the items in `full` also carry a whole article in `content:encoded`.
    public static func rss(_ links: [URL], full: Set<Int> = []) -> String {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/"
        text += "content/\"><channel><title>Summaries</title><link>http://example.com/</link>\n"
        for (index, link) in links.enumerated() {
            text += "<item><guid>item-\(index)</guid><title>Item \(index)</title><link>\(link.absoluteString)</link>"
            text += "<description>A short summary of item \(index).</description>"
            if full.contains(index) {
                text += "<content:encoded><![CDATA[\(String(repeating: "<p>\(paragraph)</p>", count: 4))]]>"
                text += "</content:encoded>"
            }
            text += "</item>\n"
        }
        return text + "</channel></rss>\n"
    }
}
