@_spi(XMLEngine) import XMLStream
/// Every element, attribute and namespace name the RSS decoder matches, interned once per parser.
struct RSSNames {
    // Namespaces of RSS itself: none for 0.9x and 2.0, RDF's and RSS 1.0's or 0.90's for the RDF family, and the
    // few namespaces some RSS 2.0 publishers put the plain elements in.
    let rdf, rss10, rss090, userland, userland091, userland21, harvard: XMLName
    // Module namespaces
    let content, dc, dcterms, atom, media, mediaNoSlash, itunes, itunesApple, slash, wfw, xml: XMLName
    // Containers
    let rss, rdfRoot, channel, item, image, textInput, textinput, group: XMLName
    // RSS elements
    let title, link, description, guid, pubDate, lastBuildDate, author, managingEditor, category, enclosure: XMLName
    let copyright, generator, url, comments, language: XMLName
    // The channel's update schedule: RSS 2.0's ttl, skipHours/hour, skipDays/day; the Syndication module's
    let ttl, skipHours, skipDays, hour, day, sy, updatePeriod, updateFrequency: XMLName
    // Module elements
    let encoded, creator, date, subject, rights, contributor, modified, created, issued, updated, published: XMLName
    let id, summary, subtitle, thumbnail, commentRss, mediaContent: XMLName
    // Attributes
    let version, isPermaLink, domain, length, type, about, href, rel, hreflang, base, fileSize, text: XMLName

    /// HTML's void elements, written `<br />` when empty; any other empty element keeps its end tag.
    let voidElements: Set<XMLName>

    init(_ table: some XMLNameTable) {
        voidElements = MarkupSerializer.voidElements(in: table)
        rdf = table.intern("http://www.w3.org/1999/02/22-rdf-syntax-ns#")
        rss10 = table.intern("http://purl.org/rss/1.0/")
        rss090 = table.intern("http://my.netscape.com/rdf/simple/0.9/")
        userland = table.intern("http://backend.userland.com/rss2")
        userland091 = table.intern("http://backend.userland.com/rss")
        userland21 = table.intern("http://backend.userland.com/rss2.1")
        harvard = table.intern("http://blogs.law.harvard.edu/tech/rss")
        content = table.intern("http://purl.org/rss/1.0/modules/content/")
        dc = table.intern("http://purl.org/dc/elements/1.1/")
        dcterms = table.intern("http://purl.org/dc/terms/")
        atom = table.intern("http://www.w3.org/2005/Atom")
        media = table.intern("http://search.yahoo.com/mrss/")
        mediaNoSlash = table.intern("http://search.yahoo.com/mrss")
        itunes = table.intern("http://www.itunes.com/dtds/podcast-1.0.dtd")
        itunesApple = table.intern("http://www.itunes.com/DTDs/Podcast-1.0.dtd")
        slash = table.intern("http://purl.org/rss/1.0/modules/slash/")
        wfw = table.intern("http://wellformedweb.org/CommentAPI/")
        xml = table.intern("http://www.w3.org/XML/1998/namespace")
        rss = table.intern("rss")
        rdfRoot = table.intern("RDF")
        channel = table.intern("channel")
        item = table.intern("item")
        image = table.intern("image")
        textInput = table.intern("textInput")
        textinput = table.intern("textinput")
        group = table.intern("group")
        title = table.intern("title")
        link = table.intern("link")
        description = table.intern("description")
        guid = table.intern("guid")
        pubDate = table.intern("pubDate")
        lastBuildDate = table.intern("lastBuildDate")
        author = table.intern("author")
        managingEditor = table.intern("managingEditor")
        category = table.intern("category")
        enclosure = table.intern("enclosure")
        copyright = table.intern("copyright")
        generator = table.intern("generator")
        url = table.intern("url")
        comments = table.intern("comments")
        language = table.intern("language")
        ttl = table.intern("ttl")
        skipHours = table.intern("skipHours")
        skipDays = table.intern("skipDays")
        hour = table.intern("hour")
        day = table.intern("day")
        sy = table.intern("http://purl.org/rss/1.0/modules/syndication/")
        updatePeriod = table.intern("updatePeriod")
        updateFrequency = table.intern("updateFrequency")
        encoded = table.intern("encoded")
        creator = table.intern("creator")
        date = table.intern("date")
        subject = table.intern("subject")
        rights = table.intern("rights")
        contributor = table.intern("contributor")
        modified = table.intern("modified")
        created = table.intern("created")
        issued = table.intern("issued")
        updated = table.intern("updated")
        published = table.intern("published")
        id = table.intern("id")
        summary = table.intern("summary")
        subtitle = table.intern("subtitle")
        thumbnail = table.intern("thumbnail")
        mediaContent = table.intern("content")
        commentRss = table.intern("commentRss")
        version = table.intern("version")
        isPermaLink = table.intern("isPermaLink")
        domain = table.intern("domain")
        length = table.intern("length")
        type = table.intern("type")
        about = table.intern("about")
        href = table.intern("href")
        rel = table.intern("rel")
        hreflang = table.intern("hreflang")
        base = table.intern("base")
        fileSize = table.intern("fileSize")
        text = table.intern("text")
    }

    // The tests below are inlined: called on this 600-byte struct, they made the caller copy all of it first.

    /// Whether an element in `namespace` is one of RSS's own: no namespace (0.9x, 2.0), RSS 1.0's, RSS 0.90's, or
    /// a namespace some publishers put RSS 2.0 in.
    @inline(__always)
    func isRSS(_ namespace: XMLName) -> Bool {
        namespace.isNone || namespace == rss10 || namespace == rss090 || namespace == userland || namespace == harvard
            || namespace == userland091 || namespace == userland21
    }

    /// Whether `namespace` is iTunes' (feeds write it as Apple's documentation does, and in lowercase).
    @inline(__always)
    func isITunes(_ namespace: XMLName) -> Bool {
        namespace == itunes || namespace == itunesApple
    }

    /// Whether `namespace` is Media RSS's (published with and without the trailing slash).
    @inline(__always)
    func isMedia(_ namespace: XMLName) -> Bool {
        namespace == media || namespace == mediaNoSlash
    }
}
