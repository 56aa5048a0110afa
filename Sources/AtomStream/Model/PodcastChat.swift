/// `podcast:chat`: where the show's, an episode's or a live item's chat takes place. At the item level it
/// overrides the channel's.
public struct PodcastChat: Sendable, Hashable, Codable {
    /// `server`: the host name of the chat server to connect to first.
    public var server: String
    /// `protocol`: `irc`, `xmpp`, `nostr`, `matrix`, ….
    public var `protocol`: String
    /// `accountId`: the podcaster's account on that server.
    public var accountID: String?
    /// `space`: the room, channel or topic (`#myawesomepodcast`).
    public var space: String?
    /// `embedUrl`, resolved: a page that embeds the chat (written by early adopters of the tag).
    public var embedURL: String?

    /// Creates a chat reference.
    public init(
        server: String, protocol: String, accountID: String? = nil, space: String? = nil, embedURL: String? = nil
    ) {
        self.server = server
        self.protocol = `protocol`
        self.accountID = accountID
        self.space = space
        self.embedURL = embedURL
    }
}
