import ArgumentParser

/// `feedstream refresh`: keeps a list of subscriptions fresh, with a state file or a store between runs.
package struct RefreshCommand: AlwaysFetchingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the feeds of an OPML file or a list of URLs: one JSON line per entry, one per feed.",
        discussion: """
            Prints {"subscription": URL, "change": "new|changed", "entry": {…}} as entries decode (unchanged \
            entries only with --all-entries), and for each subscription one status line {"subscription", "status" \
            (updated, not-modified, moved, gone, failed, deferred, offline, not-due), "entries", "wireBytes", \
            "bodyBytes", "movedTo", "kind" and "statusCode" (failed), "error", "retryAfter" (deferred), \
            "disabled" (the error limit reached), "nextDue"}. With --store, the subscriptions given are added to the \
            store first, then every due subscription of the store is refreshed; several processes may share a \
            postgres store, each due subscription going to one of them. Exit status: 0 when every subscription \
            was handled (a failure is its own status line), 1 when a file or the store cannot be read or written, \
            2 on a usage error. --full-text fills in new entries whose feed sends only a summary (no content, or \
            content equal to the summary or under 500 characters of text) from the page each links to: the \
            entry's content becomes the page's article and its "extraction" says {"url"} (and the feed's own \
            content as "feedContent"), or {"url", "failure"} with the content as the feed sent it when the page \
            could not give one. Pages go --full-text-per-host at once to a host and --full-text-limit per run; the \
            subscriptions' credentials never go to them. An entry the state or store saw before is not fetched \
            again; without either, every entry is new to the run and fetched each run, up to the limit.
            """)

    @Argument(
        help: """
            An OPML file, or a text file with one URL a line (# starts a comment); optional with --state or \
            --store, which keep the list.
            """)
    package var subscriptions: String?

    @Option(help: "The JSON file of subscriptions kept between runs (created when missing, written atomically).")
    package var state: String?

    @OptionGroup package var storage: StoreOptions

    /// `--store`.
    package var store: String? { storage.store }

    @Option(help: "This process's name in a shared store (default: host name and process id).")
    package var worker: String?

    @Option(help: "Seconds a claim on a subscription lasts before other workers may take it back.")
    package var lease = 600

    @Option(
        name: .customLong("retention-refreshes"),
        help: ArgumentHelp(
            """
            With --state or --store: an entry is forgotten once N of its feed's refreshes that decoded entries did \
            not see it, and is told new if it comes back (default 10).
            """, valueName: "N"))
    package var retentionRefreshes: Int?

    @Option(
        name: .customLong("retention-days"),
        help: ArgumentHelp(
            "With --state or --store: an entry last seen more than D days ago is forgotten too (default 90).",
            valueName: "D"))
    package var retentionDays: Int?

    /// Fault injection for the fleet's chaos test: this worker's clock runs this many seconds off (libfaketime
    /// cannot be used on Swift binaries: Swift reads no arguments under it on Linux).
    @Option(name: .customLong("clock-skew"), help: .hidden)
    package var clockSkew: Double = 0

    @Flag(name: .customLong("all-entries"), help: "Print unchanged entries too, not only new and changed ones.")
    package var allEntries = false

    @Flag(help: "Refresh every subscription, due or not (a host's Retry-After is still kept).")
    package var all = false

    @Option(help: "Transfers at once, at most.")
    package var concurrency = 8

    @Option(name: .customLong("per-host"), help: "Transfers at once against one host, at most.")
    package var perHost = 2

    @Option(
        name: .customLong("error-limit"),
        help: "Failures in a row after which a subscription is disabled until cleared (clear-gone); 0: never.")
    package var errorLimit = 10

    @Option(
        name: .customLong("gone-after-not-found"),
        help: ArgumentHelp(
            "Days of 404s after which a subscription is gone, as after a 410; 0: never.", valueName: "days"))
    package var goneAfterNotFound = 7.0

    @Option(
        help: ArgumentHelp(
            "Refresh only shard I of N (I from 0 to N-1), chosen by a stable hash of each feed's host.",
            valueName: "I/N"))
    package var shard: String?

    @Flag(
        name: .customLong("full-text"),
        help: "Fill in new entries whose feed sends only a summary with the article of the page they link to.")
    package var fullText = false

    @Option(name: .customLong("full-text-per-host"), help: "With --full-text: article fetches at once to one host.")
    package var fullTextPerHost = 2

    @Option(name: .customLong("full-text-limit"), help: "With --full-text: article fetches in one run, at most.")
    package var fullTextLimit = 100

    @Option(
        help: ArgumentHelp(
            "With --full-text: a JSON file of site rules, [{\"host\": …, \"selector\": …}], as extract reads it.",
            valueName: "file.json"))
    package var rules: String?

    @OptionGroup(title: "Fetching") package var remote: RemoteOptions

    package func validate() throws {
        guard concurrency > 0 else { throw ValidationError("--concurrency takes a positive whole number") }
        guard perHost > 0 else { throw ValidationError("--per-host takes a positive whole number") }
        guard lease > 0 else { throw ValidationError("--lease takes a positive number of seconds") }
        if state != nil && store != nil { throw ValidationError("--state and --store: give one") }
        if let retentionRefreshes, retentionRefreshes < 1 {
            throw ValidationError("--retention-refreshes takes a whole number of refreshes, 1 or more")
        }
        if let retentionDays, retentionDays < 1 {
            throw ValidationError("--retention-days takes a whole number of days, 1 or more")
        }
        if (retentionRefreshes != nil || retentionDays != nil) && state == nil && store == nil {
            throw ValidationError("--retention-refreshes and --retention-days apply to --state or --store")
        }
        if store != nil && shard != nil {
            throw ValidationError("--shard splits a --state list; workers on one --store share it by themselves")
        }
        if subscriptions == nil && state == nil && store == nil {
            throw ValidationError("give SUBSCRIPTIONS, --state or --store")
        }
        guard errorLimit >= 0 else { throw ValidationError("--error-limit takes a whole number, 0 or more") }
        guard goneAfterNotFound >= 0, goneAfterNotFound.isFinite else {
            throw ValidationError("--gone-after-not-found takes a number of days, 0 or more")
        }
        if let shard, Self.shard(shard) == nil {
            throw ValidationError("--shard takes I/N with 0 ≤ I < N, such as 0/2")
        }
        if remote.basicCredentials != nil || remote.oauth1Credentials != nil {
            throw ValidationError("--user and --oauth1 do not apply to refresh: they would go to every feed's host")
        }
        for header in remote.headers {
            let name = header.prefix { $0 != ":" }.trimmingSpacesAndTabs()
            if Self.credentialFields.contains(name.lowercased()) {
                throw ValidationError("--header \(name) does not apply to refresh: it would go to every feed's host")
            }
        }
        guard fullTextPerHost > 0 else { throw ValidationError("--full-text-per-host takes a positive whole number") }
        guard fullTextLimit >= 0 else { throw ValidationError("--full-text-limit takes a whole number, 0 or more") }
        if !fullText && (rules != nil || fullTextPerHost != 2 || fullTextLimit != 100) {
            throw ValidationError("--rules, --full-text-per-host and --full-text-limit apply only with --full-text")
        }
        if remote.pages != "1" || remote.cacheDirectory != nil {
            throw ValidationError("--pages and --cache do not apply to refresh (--state keeps the validators)")
        }
    }

    package init() {}

    /// Header fields that carry credentials (lowercased), which `--header` may not give to every feed's host.
    static let credentialFields: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// `I/N` with 0 ≤ I < N.
    package static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
            (0..<count).contains(index)
        else { return nil }
        return (index, count)
    }
}
