@_spi(XMLEngine) import XMLStream
/// The names of the Podcasting 2.0 and Media RSS elements and attributes beyond the ones ``PodcastNames`` started
/// with, interned once per parser like those: live items, remote items, social and chat references, images, and
/// the rarer children of `media:content`.
struct PodcastExtraNames {
    // Podcasting 2.0 elements
    let liveItem, images, remoteItem, podroll, publisher, socialInteract, chat, podping, contentLink: XMLName
    let integrity, valueTimeSplit: XMLName
    // Podcasting 2.0 attributes
    let alt, aspectRatio, srcset, status, start, end, feedGuid, feedURL, itemGuid, protocolName, accountID: XMLName
    let accountURL, priority, server, space, embedURL, usesPodping, remoteStartTime, remotePercentage: XMLName
    // The item vocabulary of a live item (RSS, Dublin Core, Atom)
    let link, enclosure, pubDate, isPermaLink, encoded, creator, date, published, updated, summary, domain: XMLName
    let term: XMLName
    // Media RSS elements
    let rating, restriction, hash, embed, param, copyright, community, starRating, statistics, tags: XMLName
    let comments, comment, responses, response, backLinks, backLink, price, peerLink, subTitle, scenes: XMLName
    let scene, sceneTitle, sceneDescription, sceneStartTime, sceneEndTime, rights: XMLName
    // Media RSS attributes
    let relationship, algo, state, reason, average, count, min, max, views, favorites, info, currency, label: XMLName
    let expression, framerate, samplingRate, channels: XMLName

    init(_ table: some XMLNameTable) {
        liveItem = table.intern("liveItem")
        images = table.intern("images")
        remoteItem = table.intern("remoteItem")
        podroll = table.intern("podroll")
        publisher = table.intern("publisher")
        socialInteract = table.intern("socialInteract")
        chat = table.intern("chat")
        podping = table.intern("podping")
        contentLink = table.intern("contentLink")
        integrity = table.intern("integrity")
        valueTimeSplit = table.intern("valueTimeSplit")
        alt = table.intern("alt")
        aspectRatio = table.intern("aspect-ratio")
        srcset = table.intern("srcset")
        status = table.intern("status")
        start = table.intern("start")
        end = table.intern("end")
        feedGuid = table.intern("feedGuid")
        feedURL = table.intern("feedUrl")
        itemGuid = table.intern("itemGuid")
        protocolName = table.intern("protocol")
        accountID = table.intern("accountId")
        accountURL = table.intern("accountUrl")
        priority = table.intern("priority")
        server = table.intern("server")
        space = table.intern("space")
        embedURL = table.intern("embedUrl")
        usesPodping = table.intern("usesPodping")
        remoteStartTime = table.intern("remoteStartTime")
        remotePercentage = table.intern("remotePercentage")
        link = table.intern("link")
        enclosure = table.intern("enclosure")
        pubDate = table.intern("pubDate")
        isPermaLink = table.intern("isPermaLink")
        encoded = table.intern("encoded")
        creator = table.intern("creator")
        date = table.intern("date")
        published = table.intern("published")
        updated = table.intern("updated")
        summary = table.intern("summary")
        domain = table.intern("domain")
        term = table.intern("term")
        rating = table.intern("rating")
        restriction = table.intern("restriction")
        hash = table.intern("hash")
        embed = table.intern("embed")
        param = table.intern("param")
        copyright = table.intern("copyright")
        community = table.intern("community")
        starRating = table.intern("starRating")
        statistics = table.intern("statistics")
        tags = table.intern("tags")
        comments = table.intern("comments")
        comment = table.intern("comment")
        responses = table.intern("responses")
        response = table.intern("response")
        backLinks = table.intern("backLinks")
        backLink = table.intern("backLink")
        price = table.intern("price")
        peerLink = table.intern("peerLink")
        subTitle = table.intern("subTitle")
        scenes = table.intern("scenes")
        scene = table.intern("scene")
        sceneTitle = table.intern("sceneTitle")
        sceneDescription = table.intern("sceneDescription")
        sceneStartTime = table.intern("sceneStartTime")
        sceneEndTime = table.intern("sceneEndTime")
        rights = table.intern("rights")
        relationship = table.intern("relationship")
        algo = table.intern("algo")
        state = table.intern("state")
        reason = table.intern("reason")
        average = table.intern("average")
        count = table.intern("count")
        min = table.intern("min")
        max = table.intern("max")
        views = table.intern("views")
        favorites = table.intern("favorites")
        info = table.intern("info")
        currency = table.intern("currency")
        label = table.intern("label")
        expression = table.intern("expression")
        framerate = table.intern("framerate")
        samplingRate = table.intern("samplingrate")
        channels = table.intern("channels")
    }
}

extension PodcastExtraNames {
    /// Interns the names on first use. Interned up front with the others, they made libxml2's dictionary slower
    /// for every element name it looks up (callgrind, Atom benchmark: +2 % instructions, in `xmlDictLookup`),
    /// though feeds without these tags never need them.
    final class Loader {
        private let table: any XMLNameTable
        private var loaded: PodcastExtraNames?

        init(_ table: some XMLNameTable) {
            self.table = table
        }

        var names: PodcastExtraNames {
            if let loaded { return loaded }
            let names = PodcastExtraNames(table)
            loaded = names
            return names
        }
    }
}
