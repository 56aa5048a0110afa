import ArgumentParser

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `feedstream subscriptions list|add|remove|clear-gone --store …`: an operator's view of a store's subscriptions.
package struct SubscriptionsCommand: AlwaysFetchingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "subscriptions",
        abstract: "List, add or remove a store's subscriptions, or clear those that went gone.",
        discussion: """
            list prints each stored subscription as one JSON line, with the keys of the --state file (url, title, \
            folders, nextDue, gone, movedFrom, …), a page at a time. add, remove and clear-gone print one line \
            {"url", "status"} each: added or already-stored (with "storedAs" when the URL is a subscription's \
            former one), removed or not-found, cleared (with "gone", since when it was). A subscription is named \
            by its URL, or a URL it moved from: stores key them by URL and have no other id. remove deletes what \
            the subscription saw too, so adding it again prints all its entries new; a worker refreshing it then \
            has its finish refused (status removed). clear-gone makes each gone or disabled subscription due at \
            once. Exit status: 0 when every line was printed (not-found and already-stored included), 1 when the store \
            cannot be read or written, 2 on a usage error.
            """)

    /// What the command does.
    package enum Action: String, ExpressibleByArgument, CaseIterable, Sendable {
        case list, add, remove
        case clearGone = "clear-gone"
    }

    @Argument(help: "list, add, remove or clear-gone")
    package var action: Action

    @Argument(help: "add: feed URLs to add; remove: the URLs of subscriptions to remove (or URLs they moved from).")
    package var urls: [String] = []

    @Option(
        name: .customLong("from"),
        help: ArgumentHelp(
            "add: an OPML file or a text file with one URL a line (# starts a comment), as refresh reads them.",
            valueName: "FILE"))
    package var from: String?

    @Option(help: ArgumentHelp("The JSON file of refresh --state, in place of --store.", valueName: "FILE.json"))
    package var state: String?

    @OptionGroup package var storage: StoreOptions

    package func validate() throws {
        if (state == nil) == (storage.store == nil) {
            throw ValidationError("give --store sqlite:PATH or postgres://…, or --state FILE.json")
        }
        switch action {
        case .list, .clearGone:
            if !urls.isEmpty { throw ValidationError("\(action.rawValue) takes no URLs") }
        case .add:
            if urls.isEmpty && from == nil { throw ValidationError("add takes feed URLs or --from FILE") }
        case .remove:
            if urls.isEmpty { throw ValidationError("remove takes the URLs of the subscriptions to remove") }
        }
        if from != nil && action != .add { throw ValidationError("--from applies to add") }
        for text in urls where Self.feedURL(text) == nil {
            throw ValidationError("not an http(s) URL: \(text.prefix(200))")
        }
    }

    package init() {}

    /// `text` as a feed's URL: http or https, with a host; `nil` for anything else. What a list of URLs holds too.
    package static func feedURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}
