@_spi(XMLEngine) import XMLStream
/// The namespaces, elements and attributes of iTunes, Podcasting 2.0 and Media RSS, interned once per parser so
/// that every test is a pointer comparison.
struct PodcastNames {
    let itunes, itunesApple, podcast, media, mediaNoSlash: XMLName
    // iTunes
    let author, owner, name, email, category, explicit, image, type, complete, block, newFeedURL, title: XMLName
    let duration, episode, season, episodeType: XMLName
    // Podcasting 2.0
    let guid, locked, funding, person, location, medium, license, value, valueRecipient, transcript: XMLName
    let chapters, soundbite, alternateEnclosure, source, trailer, updateFrequency, txt: XMLName
    // Media RSS
    let content, group, thumbnail, description, credit, keywords, player: XMLName
    // Attributes
    let href, text, url, role, img, geo, osm, language, rel, startTime, method, suggested, address, split: XMLName
    let customKey, customValue, fee, length, bitrate, height, width, lang, codecs, isDefaultAttribute: XMLName
    let uri, fileSize, isDefault, scheme, purpose, rrule, pubdate, display, id: XMLName
    /// The names of the newer tags, interned the first time one is needed (``PodcastExtraNames/Loader``).
    var extra: PodcastExtraNames { extraLoader.names }
    private let extraLoader: PodcastExtraNames.Loader

    init(_ table: some XMLNameTable) {
        itunes = table.intern("http://www.itunes.com/dtds/podcast-1.0.dtd")
        itunesApple = table.intern("http://www.itunes.com/DTDs/Podcast-1.0.dtd")
        podcast = table.intern("https://podcastindex.org/namespace/1.0")
        media = table.intern("http://search.yahoo.com/mrss/")
        mediaNoSlash = table.intern("http://search.yahoo.com/mrss")
        author = table.intern("author")
        owner = table.intern("owner")
        name = table.intern("name")
        email = table.intern("email")
        category = table.intern("category")
        explicit = table.intern("explicit")
        image = table.intern("image")
        type = table.intern("type")
        complete = table.intern("complete")
        block = table.intern("block")
        newFeedURL = table.intern("new-feed-url")
        title = table.intern("title")
        duration = table.intern("duration")
        episode = table.intern("episode")
        season = table.intern("season")
        episodeType = table.intern("episodeType")
        guid = table.intern("guid")
        locked = table.intern("locked")
        funding = table.intern("funding")
        person = table.intern("person")
        location = table.intern("location")
        medium = table.intern("medium")
        license = table.intern("license")
        value = table.intern("value")
        valueRecipient = table.intern("valueRecipient")
        transcript = table.intern("transcript")
        chapters = table.intern("chapters")
        soundbite = table.intern("soundbite")
        alternateEnclosure = table.intern("alternateEnclosure")
        source = table.intern("source")
        trailer = table.intern("trailer")
        updateFrequency = table.intern("updateFrequency")
        txt = table.intern("txt")
        content = table.intern("content")
        group = table.intern("group")
        thumbnail = table.intern("thumbnail")
        description = table.intern("description")
        credit = table.intern("credit")
        keywords = table.intern("keywords")
        player = table.intern("player")
        href = table.intern("href")
        text = table.intern("text")
        url = table.intern("url")
        role = table.intern("role")
        img = table.intern("img")
        geo = table.intern("geo")
        osm = table.intern("osm")
        language = table.intern("language")
        rel = table.intern("rel")
        startTime = table.intern("startTime")
        method = table.intern("method")
        suggested = table.intern("suggested")
        address = table.intern("address")
        split = table.intern("split")
        customKey = table.intern("customKey")
        customValue = table.intern("customValue")
        fee = table.intern("fee")
        length = table.intern("length")
        bitrate = table.intern("bitrate")
        height = table.intern("height")
        width = table.intern("width")
        lang = table.intern("lang")
        codecs = table.intern("codecs")
        isDefaultAttribute = table.intern("default")
        uri = table.intern("uri")
        fileSize = table.intern("fileSize")
        isDefault = table.intern("isDefault")
        scheme = table.intern("scheme")
        purpose = table.intern("purpose")
        rrule = table.intern("rrule")
        pubdate = table.intern("pubdate")
        display = table.intern("display")
        id = table.intern("id")
        extraLoader = PodcastExtraNames.Loader(table)
    }

    @inline(__always)
    func isITunes(_ namespace: XMLName) -> Bool { namespace == itunes || namespace == itunesApple }

    @inline(__always)
    func isMedia(_ namespace: XMLName) -> Bool { namespace == media || namespace == mediaNoSlash }
}
