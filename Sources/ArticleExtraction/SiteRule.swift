/// Where the article is on one site's pages, as an app or an operator knows it: tried before the general method
/// for pages of ``host``, as Miniflux's scraper rules and FreshRSS's per-feed selectors are.
///
/// ```swift
/// let rule = SiteRule(host: "example.org", selector: "article .post-body, #story")
/// ```
///
/// The selector is a subset of CSS: a list of alternatives separated by commas, each a chain of compound selectors
/// separated by blanks (descendant), each compound a tag name, `.class`es and an `#id` in any combination
/// (`div.post.body`, `#main`, `article p`). Every element a selector matches becomes part of the article, in page
/// order (an element inside another matched one counts once). When nothing on the page matches, the general
/// method runs. A selector that cannot be read matches nothing.
public struct SiteRule: Sendable, Hashable, Codable {
    /// The host the rule is for; it also applies to its subdomains (`example.org` covers `www.example.org`).
    public var host: String
    /// The elements that hold the article.
    public var selector: String

    /// Creates a rule.
    public init(host: String, selector: String) {
        self.host = host
        self.selector = selector
    }

    /// Whether the rule is for pages of `pageHost`.
    public func applies(to pageHost: String) -> Bool {
        let rule = host.lowercased()
        let page = pageHost.lowercased()
        return page == rule || page.hasSuffix("." + rule)
    }
}
