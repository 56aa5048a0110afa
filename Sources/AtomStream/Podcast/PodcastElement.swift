/// An iTunes, Podcasting 2.0 or Media RSS element the ``PodcastReader`` reads: its attributes are taken when it
/// starts, its text (if it has any meaning) when it ends.
enum PodcastElement: UInt8 {
    // iTunes
    case author, owner, ownerName, ownerEmail, explicit, type, complete, block, newFeedURL, title, duration
    case episode, season, episodeType, image, category
    // Podcasting 2.0
    case guid, locked, funding, person, location, medium, license, value, valueRecipient, transcript, chapters
    case soundbite, alternateEnclosure, source, trailer, updateFrequency, txt, podcastSeason, podcastEpisode
    case podcastBlock
    // Media RSS
    case mediaContent, mediaGroup, mediaTitle, mediaDescription, mediaThumbnail, mediaCredit, mediaKeywords
    case mediaPlayer
    // Podcasting 2.0, newer phases
    case podcastImage, podcastImages, remoteItem, podroll, publisher, socialInteract, chat, podping, contentLink
    case integrity, valueTimeSplit
    case liveItem, liveItemTitle, liveItemDescription, liveItemContent, liveItemLink, liveItemGuid, liveItemAuthor
    case liveItemAuthorName, liveItemPublished, liveItemUpdated, liveItemCategory, liveItemEnclosure
    // Media RSS, the rarer children
    case mediaRating, mediaRestriction, mediaText, mediaHash, mediaEmbed, mediaEmbedParameter, mediaStatus
    case mediaLicense, mediaCopyright, mediaCategory, mediaCommunity, mediaStarRating, mediaStatistics, mediaTags
    case mediaComments, mediaComment, mediaResponses, mediaResponse, mediaBackLinks, mediaBackLink, mediaPrice
    case mediaLocation, mediaLocationPoint, mediaPeerLink, mediaSubtitle, mediaScenes, mediaScene, mediaSceneTitle
    case mediaSceneDescription, mediaSceneStartTime, mediaSceneEndTime, mediaRights
}

/// Whose podcast fields an element fills: the show's (channel, feed) or an episode's (item, entry).
enum PodcastScope {
    case show, episode
}
