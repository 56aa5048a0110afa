#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

extension RSSDocumentDecoder {
    // MARK: - Starting fields

    /// Starts collecting the direct text of the element about to be pushed.
    func beginText() {
        beginText(markup: false)
    }

    /// Starts collecting the text of the element about to be pushed; `markup` re-serializes its child elements.
    func beginText(markup: Bool) {
        text.removeAll()
        captureDepth = frames.count + 1
        captureMarkup = markup
    }

    func beginField(_ field: RSSField, _ scope: FeedScope) -> RSSRole {
        beginText(markup: field.isHTML)
        return .field(field, scope)
    }

    func beginCategory(_ tag: XMLStartTag, _ scope: FeedScope) -> RSSRole {
        categoryScheme = tag.value(of: names.domain).map { recentStrings.string(for: $0) }
        return beginField(.category, scope)
    }

    // MARK: - Finishing fields

    /// The collected text without surrounding white space; stops collecting.
    func takeText() -> String {
        text.string(takeTextRange())
    }

    /// Where the collected text lies without surrounding white space; stops collecting.
    private func takeTextRange() -> Range<Int> {
        captureDepth = 0
        captureMarkup = false
        var start = 0
        var end = text.count
        while start < end, AtomDocumentDecoder.isSpace(text[start]) { start += 1 }
        while end > start, AtomDocumentDecoder.isSpace(text[end - 1]) { end -= 1 }
        return start..<end
    }

    func finishField(_ field: RSSField, scope: FeedScope) throws(StreamError) {
        if field == .published || field == .updated {
            captureDepth = 0
            var order = dayMonthOrder
            let date = text.withUnsafeBytes { DateParser.parseFeedDate($0, order: &order) }
            dayMonthOrder = order
            finishDate(date, published: field == .published, scope: scope)
            return
        }
        if field == .author || field == .contributor {
            try finishPerson(isAuthor: field == .author, scope: scope)
            return
        }
        let value = takeText()
        if field == .description || field == .content {
            noteMarkupBase(field == .content ? .content : scope == .item ? .summary : .subtitle, scope: scope)
        }
        guard scope == .item else {
            finishChannelField(field, value)
            return
        }
        try countItemBytes(value.utf8.count)
        switch field {
        case .title: entry.title = AtomText(type: .text, value: value)
        case .description: entry.summary = AtomText(type: .html, value: value)
        case .content: entry.content = AtomContent(type: "html", value: value)
        case .link:
            guard !value.isEmpty else { return }
            entry.links.append(AtomLink(href: resolve(value)))
        case .guid:
            guard !value.isEmpty else { return }
            entry.id = value
            guidValue = value
        case .id: if !value.isEmpty { entry.id = value }
        case .category:
            if !value.isEmpty { entry.categories.append(AtomCategory(term: value, scheme: categoryScheme)) }
        case .rights: entry.rights = AtomText(type: .text, value: value)
        case .fallbackSummary: if entry.summary == nil { entry.summary = AtomText(type: .text, value: value) }
        case .author, .contributor, .generator, .language, .logo, .published, .updated: break
        case .ttl, .updatePeriod, .updateFrequency, .skipHour, .skipDay: break
        }
    }

    private func finishChannelField(_ field: RSSField, _ value: String) {
        switch field {
        case .title: feed.title = AtomText(type: .text, value: value)
        case .description: feed.subtitle = AtomText(type: .html, value: value)
        case .link:
            guard !value.isEmpty, !feed.links.contains(where: { $0.rel == "alternate" }) else { return }
            feed.links.append(AtomLink(href: resolve(value)))
        case .id, .guid: if !value.isEmpty { feed.id = value }
        case .category:
            if !value.isEmpty { feed.categories.append(AtomCategory(term: value, scheme: categoryScheme)) }
        case .rights: feed.rights = AtomText(type: .text, value: value)
        case .generator: if !value.isEmpty { feed.generator = AtomGenerator(name: value) }
        case .logo: if !value.isEmpty { feed.logo = resolve(value) }
        case .fallbackSummary: if feed.subtitle == nil { feed.subtitle = AtomText(type: .text, value: value) }
        case .ttl, .updatePeriod, .updateFrequency, .skipHour, .skipDay: finishScheduleField(field, value)
        case .language: dayMonthOrder.noteLanguage(value)
        case .author, .content, .contributor, .published, .updated: break
        }
    }

    /// A person is split straight from the collected bytes: the whole line as a `String` would be validated and
    /// allocated only to be cut up. The channel keeps its authors, not its contributors.
    private func finishPerson(isAuthor: Bool, scope: FeedScope) throws(StreamError) {
        let range = takeTextRange()
        if scope == .item { try countItemBytes(range.count) }
        let person = text.withUnsafeBytes { AtomPerson(rssText: UnsafeRawBufferPointer(rebasing: $0[range])) }
        guard let person else { return }
        switch scope {
        case .item:
            if isAuthor { entry.authors.append(person) } else { entry.contributors.append(person) }
        case .feed:
            if isAuthor { feed.authors.append(person) }
        }
    }

    /// Items keep both dates; the channel has one `updated`, where a modification date (`lastBuildDate`,
    /// `dc:date`) wins over the publication date.
    private func finishDate(_ date: Date?, published: Bool, scope: FeedScope) {
        guard let date else { return }
        switch scope {
        case .item:
            if published { entry.published = date } else { entry.updated = date }
        case .feed:
            if published {
                if !feedUpdatedIsModification { feed.updated = date }
            } else {
                feed.updated = date
                feedUpdatedIsModification = true
            }
        }
    }

    // MARK: - Attribute-only elements

    /// `enclosure url length type` → a link with `rel` `enclosure`.
    func addEnclosure(_ tag: XMLStartTag) throws(StreamError) {
        guard let url = tag.string(of: names.url), !url.isEmpty else { return }
        let length = tag.value(of: names.length).flatMap(AtomDocumentDecoder.integer).map(Int64.init)
        try addItemLink(
            AtomLink(href: resolve(url), rel: "enclosure", type: recentType(tag), length: length))
    }

    /// `media:content url type fileSize` → an enclosure link, unless an `enclosure` already names the same file.
    func addMediaContent(_ tag: XMLStartTag) throws(StreamError) {
        guard let url = tag.string(of: names.url), !url.isEmpty else { return }
        let href = resolve(url)
        guard !entry.links.contains(where: { $0.rel == "enclosure" && $0.href == href }) else { return }
        let length = tag.value(of: names.fileSize).flatMap(AtomDocumentDecoder.integer).map(Int64.init)
        try addItemLink(AtomLink(href: href, rel: "enclosure", type: recentType(tag), length: length))
    }

    /// `atom:link` in the channel (paging: `next`, `previous`, `first`, `last`) or in an item.
    func addAtomLink(_ tag: XMLStartTag, _ scope: FeedScope) {
        guard let href = tag.string(of: names.href), !href.isEmpty else { return }
        let rel = tag.value(of: names.rel).map { recentStrings.string(for: $0) } ?? "alternate"
        let link = AtomLink(
            href: resolve(href), rel: rel, type: recentType(tag), hreflang: tag.string(of: names.hreflang),
            title: tag.string(of: names.title),
            length: tag.value(of: names.length).flatMap(AtomDocumentDecoder.integer).map(Int64.init))
        switch scope {
        case .item:
            entryBytes += link.href.utf8.count
            entry.links.append(link)
        case .feed:
            feed.links.append(link)
            switch rel {
            case "next": feed.nextURL = link.href
            case "previous", "prev": feed.previousURL = link.href
            case "first": feed.firstURL = link.href
            case "last": feed.lastURL = link.href
            default: break
            }
        }
    }

    /// A `type` attribute: media types repeat in every item.
    private func recentType(_ tag: XMLStartTag) -> String? {
        tag.value(of: names.type).map { recentStrings.string(for: $0) }
    }

    private func addItemLink(_ link: consuming AtomLink) throws(StreamError) {
        try countItemBytes(link.href.utf8.count + (link.type?.utf8.count ?? 0))
        entry.links.append(link)
    }

    // MARK: - Helpers

    /// Whether elements are still open: the document is incomplete.
    var hasOpenElements: Bool { !frames.isEmpty }

    /// Closes every open element as if its end tag had arrived, so recover mode salvages the item in progress.
    func closeOpenElements() throws(StreamError) {
        while let frame = frames.last {
            try endElement(localName: frame.localName, prefix: .none, namespace: .none)
        }
    }
}
