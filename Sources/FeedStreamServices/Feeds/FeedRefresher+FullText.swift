import ArticleExtraction
import AtomStream
import FeedStreamNetworking
import Foundation

extension FeedRefresher {
    /// A copy for one run: with ``fullText`` on, it carries the run's share of article fetches.
    func preparingFullText() -> FeedRefresher {
        var prepared = self
        prepared.fullTextRun = fullText.map(FullTextRun.init)
        return prepared
    }

    /// `reports` with each new summary entry filled in from its page (``fullText``); as they were when it is off.
    ///
    /// Called with a decoded piece's entries in hand, before they go to the consumer: the pages are fetched while
    /// those entries are held (the stream still holds at most a few hand-overs), the piece's pages at once, each
    /// host's in turn.
    func fillingSummaries(_ reports: [RefreshReport], of subscription: Subscription) async -> [RefreshReport] {
        guard let run = fullTextRun else { return reports }
        var filled = reports
        await withTaskGroup(of: (Int, AtomEntry).self) { group in
            for (index, report) in reports.enumerated() {
                guard case .entry(let id, let entry, .new) = report, let page = run.options.page(for: entry) else {
                    continue
                }
                if let isKnown = run.options.isKnown, await isKnown(id, entry) { continue }
                guard run.claim() else {
                    let failure = "not fetched: the run's limit of \(run.options.limit) articles was reached"
                    filled[index] = Self.replacing(report, with: Self.marked(entry, page: page, failure: failure))
                    continue
                }
                group.addTask {
                    let host = Self.hostKey(page)
                    return (index, await run.atHost(host) { await self.fill(entry, from: page, of: subscription) })
                }
            }
            for await (index, entry) in group { filled[index] = Self.replacing(filled[index], with: entry) }
        }
        return filled
    }

    /// `entry` with the article at `page` as its content, or as it was with the reason it is not.
    private func fill(_ entry: AtomEntry, from page: URL, of subscription: Subscription) async -> AtomEntry {
        do {
            let article = try await articleClient(for: page, of: subscription).article(
                at: page, rules: fullText?.rules ?? [])
            guard !article.content.isEmpty else {
                return Self.marked(entry, page: page, failure: "the page holds no article")
            }
            var filled = entry
            filled.extraction = ContentExtraction(url: page.absoluteString, feedContent: entry.content)
            filled.content = AtomContent(type: "html", value: article.content)
            return filled
        } catch {
            return Self.marked(entry, page: page, failure: String(Self.oneLine(error).prefix(300)))
        }
    }

    /// The refresher's client as a page's fetch needs it: the client's transport, limits (under ``transferDeadline``)
    /// and origin policy; never the client's own credentials (as for feeds); the subscription's own
    /// (``authorization``, ``headers``) only for a page on the origin they are trusted on, and off any redirect
    /// elsewhere. A 429 or 503 is not waited out: the entry comes as the feed sent it.
    private func articleClient(for page: URL, of subscription: Subscription) -> FeedClient {
        var articles = client
        articles.headers = client.headers.filter { !FeedClient.credentialFields.contains($0.key.lowercased()) }
        articles.retryPolicy.maximumRetries = 0
        if let transferDeadline {
            articles.limits.deadline = min(client.limits.deadline ?? transferDeadline, transferDeadline)
        }
        articles.authorizer = nil
        let home = Origin(subscription.credentialsOrigin ?? subscription.url)
        if let home, client.originPolicy.mayReceiveCredentials(page, trusted: home) {
            articles.authorizer = SubscriptionCredentials(
                headers: headers(subscription), authorizer: authorization(subscription))
        }
        return articles
    }

    private static func marked(_ entry: AtomEntry, page: URL, failure: String) -> AtomEntry {
        var marked = entry
        marked.extraction = ContentExtraction(url: page.absoluteString, failure: failure)
        return marked
    }

    private static func replacing(_ report: RefreshReport, with entry: AtomEntry) -> RefreshReport {
        guard case .entry(let id, _, let change) = report else { return report }
        return .entry(id, entry, change)
    }
}
