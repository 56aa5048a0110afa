@_spi(XMLEngine) import XMLStream
/// Every element, attribute and namespace name the Atom decoder matches, interned once per parser.
struct AtomNames {
    // Namespaces
    let atom, xml, xhtml, thread, snx, openSearch, openSearchRSS, feedHistory, atomPub: XMLName
    let ibmTD, abdera: XMLName
    /// The foreign vocabularies an XHTML value may carry, written unprefixed (`MarkupSerializer`).
    let svg, mathML: XMLName
    // Containers
    let feed, entry, source, author, contributor, error: XMLName
    // Text constructs and simple elements
    let title, subtitle, summary, content, rights, id, published, updated, icon, logo, generator: XMLName
    let name, email, uri, userid: XMLName
    let link, category, inReplyTo, totalResults, startIndex, itemsPerPage, complete, div: XMLName
    let code, message, errorCode, errorMessage: XMLName
    // Attributes
    let base, type, src, href, rel, hreflang, length, count, term, scheme, label, ref, version: XMLName
    // Atom 0.3's names for what RFC 4287 renamed; `.none` (matching no element) when decoding Atom 1.0.
    let modified, issued, created, tagline, copyright, personURL, homepage: XMLName
    /// Whether these names are Atom 0.3's (namespace `http://purl.org/atom/ns#`) rather than Atom 1.0's.
    let isAtom03: Bool

    /// The Atom 0.3 namespace, which `FeedParser` reads with the same decoder through these names.
    static let atom03Namespace = "http://purl.org/atom/ns#"

    init(_ table: some XMLNameTable, atom03: Bool = false) {
        isAtom03 = atom03
        atom = table.intern(atom03 ? Self.atom03Namespace : "http://www.w3.org/2005/Atom")
        modified = atom03 ? table.intern("modified") : .none
        issued = atom03 ? table.intern("issued") : .none
        created = atom03 ? table.intern("created") : .none
        tagline = atom03 ? table.intern("tagline") : .none
        copyright = atom03 ? table.intern("copyright") : .none
        personURL = atom03 ? table.intern("url") : .none
        homepage = atom03 ? table.intern("homepage") : .none
        xml = table.intern("http://www.w3.org/XML/1998/namespace")
        xhtml = table.intern("http://www.w3.org/1999/xhtml")
        thread = table.intern("http://purl.org/syndication/thread/1.0")
        snx = table.intern("http://www.ibm.com/xmlns/prod/sn")
        openSearch = table.intern("http://a9.com/-/spec/opensearch/1.1/")
        openSearchRSS = table.intern("http://a9.com/-/spec/opensearchrss/1.0/")
        feedHistory = table.intern("http://purl.org/syndication/history/1.0")
        atomPub = table.intern("http://www.w3.org/2007/app")
        ibmTD = table.intern("urn:ibm.com/td")
        abdera = table.intern("http://incubator.apache.org/abdera")
        svg = table.intern(HTMLAllowList.svgNamespace)
        mathML = table.intern(HTMLAllowList.mathNamespace)
        feed = table.intern("feed")
        entry = table.intern("entry")
        source = table.intern("source")
        author = table.intern("author")
        contributor = table.intern("contributor")
        error = table.intern("error")
        title = table.intern("title")
        subtitle = table.intern("subtitle")
        summary = table.intern("summary")
        content = table.intern("content")
        rights = table.intern("rights")
        id = table.intern("id")
        published = table.intern("published")
        updated = table.intern("updated")
        icon = table.intern("icon")
        logo = table.intern("logo")
        generator = table.intern("generator")
        name = table.intern("name")
        email = table.intern("email")
        uri = table.intern("uri")
        userid = table.intern("userid")
        link = table.intern("link")
        category = table.intern("category")
        inReplyTo = table.intern("in-reply-to")
        totalResults = table.intern("totalResults")
        startIndex = table.intern("startIndex")
        itemsPerPage = table.intern("itemsPerPage")
        complete = table.intern("complete")
        div = table.intern("div")
        code = table.intern("code")
        message = table.intern("message")
        errorCode = table.intern("errorCode")
        errorMessage = table.intern("errorMessage")
        base = table.intern("base")
        type = table.intern("type")
        src = table.intern("src")
        href = table.intern("href")
        rel = table.intern("rel")
        hreflang = table.intern("hreflang")
        length = table.intern("length")
        count = table.intern("count")
        term = table.intern("term")
        scheme = table.intern("scheme")
        label = table.intern("label")
        ref = table.intern("ref")
        version = table.intern("version")
        voidElements = MarkupSerializer.voidElements(in: table)
    }

    /// HTML's void elements: the only ones re-serialized as `<br />`. Any other empty element is written
    /// `<div></div>`, because markup shown as HTML reads `<div />` as an unclosed start tag.
    let voidElements: Set<XMLName>

    /// Whether `namespace` is one of the two OpenSearch namespaces feeds use.
    func isOpenSearch(_ namespace: XMLName) -> Bool {
        namespace == openSearch || namespace == openSearchRSS
    }

    /// Whether an `error` root in `namespace` is an IBM Connections error body: `snx:error` from most services,
    /// `td:error` from Files and Wikis, Apache Abdera's `error` from Blogs.
    func isServiceError(_ namespace: XMLName) -> Bool {
        namespace == snx || namespace == ibmTD || namespace == abdera
    }
}
