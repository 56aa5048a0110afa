import Foundation
import StreamTestSupport
import Testing

@testable import JSONStream

@Suite struct TwitterSearchTests {
    static func run(_ input: [UInt8]) -> (items: [Tweet], error: StreamError?, summary: TwitterSearchPage) {
        dripFeedAll(input, make: { TwitterSearchParser() }, summary: { $0.page })
    }

    @Test(.ownThread, .corpus("twitter/v1.1-search")) func v11TwitterJSON() throws {
        guard let directory = Corpus.directory("twitter/v1.1-search") else { return }
        let input = try Corpus.bytes(directory.appendingPathComponent("twitter.json"))
        let outcome = Self.run(input)
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 100)
        for tweet in outcome.items {
            #expect(String(tweet.id) == tweet.idString)
            #expect(tweet.user != nil)
            #expect(tweet.createdAt != nil)
        }
        // Ids above 2^53 survive exactly.
        #expect(outcome.items.contains { $0.id > 1 << 53 })
        #expect(outcome.summary.format == .v1_1)
        #expect(outcome.summary.nextPage?.hasPrefix("?max_id=") == true)
        #expect(outcome.summary.count == 100)
        // Compare with a reference reading of the same file.
        let reference = try JSONSerialization.jsonObject(with: Data(input)) as! [String: Any]
        let statuses = reference["statuses"] as! [[String: Any]]
        for (tweet, status) in zip(outcome.items, statuses) {
            #expect(tweet.idString == status["id_str"] as? String)
            #expect(tweet.text == status["text"] as? String)
            let user = status["user"] as! [String: Any]
            #expect(tweet.user?.screenName == user["screen_name"] as? String)
            let entities = status["entities"] as! [String: Any]
            #expect(tweet.hashtags == (entities["hashtags"] as! [[String: Any]]).map { $0["text"] as! String })
            #expect(
                tweet.retweetedStatusID.map(String.init) == (status["retweeted_status"] as? [String: Any])?["id_str"]
                    as? String)
        }
    }

    @Test(.corpus("twitter/v1-search")) func v1Search() throws {
        guard let directory = Corpus.directory("twitter/v1-search") else { return }
        let outcome = Self.run(try Corpus.bytes(directory.appendingPathComponent("search.json")))
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 15)
        #expect(outcome.summary.format == .v1)
        #expect(outcome.summary.nextPage == "?page=2&max_id=28857935752&q=twitter")
        #expect(outcome.summary.maxID == 28_857_935_752)
        #expect(outcome.summary.query == "twitter")
        #expect(outcome.summary.count == 15)
        let first = try #require(outcome.items.first)
        #expect(first.id == 28_857_935_752)
        #expect(first.user?.screenName == "killermelons")
        #expect(first.user?.id == 10_689_529)
        #expect(first.inReplyToScreenName == "kaiserkuo")
        #expect(first.languageCode == "en")
        #expect(first.createdAt.map(DateParser.rfc3339String) == "2010-10-27T03:56:39Z")

        let malformed = Self.run(try Corpus.bytes(directory.appendingPathComponent("search_malformed.json")))
        #expect(malformed.error == nil)
        #expect(malformed.items.isEmpty)
        #expect(malformed.summary.nextPage == "?page=2&max_id=28857935752&q=twitter")
    }

    @Test(.corpus("twitter/v1.1-search")) func otherV11Responses() throws {
        guard let directory = Corpus.directory("twitter/v1.1-search") else { return }
        for name in ["search-ruby.json", "search2-ruby.json", "get_search_geocode.json"] {
            let input = try Corpus.bytes(directory.appendingPathComponent(name))
            let outcome = Self.run(input)
            let reference = try JSONSerialization.jsonObject(with: Data(input)) as! [String: Any]
            let statuses = reference["statuses"] as! [[String: Any]]
            #expect(outcome.error == nil, "\(name)")
            #expect(outcome.items.map(\.idString) == statuses.map { $0["id_str"] as! String }, "\(name)")
        }
    }

    static let v2 = """
        {"data":[{"id":"1445880548472328192","text":"first #swift","author_id":"2244994945",
        "created_at":"2021-10-06T22:25:00.000Z","lang":"en",
        "entities":{"hashtags":[{"start":6,"end":12,"tag":"swift"}],"mentions":[{"username":"jack"}],
        "urls":[{"url":"https://t.co/x","expanded_url":"https://swift.org"}]},
        "public_metrics":{"retweet_count":3,"like_count":7},
        "referenced_tweets":[{"type":"quoted","id":"1445000000000000000"}]},
        {"id":"1445880548472328193","text":"second","author_id":"783214"}],
        "includes":{"users":[{"id":"2244994945","name":"Twitter Dev","username":"TwitterDev"},
        {"id":"783214","name":"Twitter","username":"Twitter","profile_image_url":"https://pbs.twimg.com/x.jpg"}]},
        "meta":{"newest_id":"1445880548472328193","oldest_id":"1445880548472328192","result_count":2,
        "next_token":"b26v89c19zqg8o3fpds"}}
        """

    @Test func v2ResolvesAuthorsFromLaterIncludes() throws {
        let outcome = Self.run(bytes(Self.v2))
        #expect(outcome.error == nil)
        #expect(outcome.items.count == 2)
        #expect(outcome.summary.format == .v2)
        #expect(outcome.summary.nextPage == "b26v89c19zqg8o3fpds")
        #expect(outcome.summary.resultCount == 2)
        #expect(outcome.summary.newestID == 1_445_880_548_472_328_193)
        let first = outcome.items[0]
        #expect(first.id == 1_445_880_548_472_328_192)
        #expect(first.user?.screenName == "TwitterDev")
        #expect(first.hashtags == ["swift"])
        #expect(first.mentions == ["jack"])
        #expect(first.urls == [TweetURL(url: "https://t.co/x", expandedURL: "https://swift.org")])
        #expect(first.retweetCount == 3)
        #expect(first.favoriteCount == 7)
        #expect(first.quotedStatusID == 1_445_000_000_000_000_000)
        #expect(outcome.items[1].user?.profileImageURL == "https://pbs.twimg.com/x.jpg")
    }

    @Test func extendedTextAndNulls() throws {
        let input = bytes(
            """
            {"statuses":[{"id":1,"id_str":"1","text":"short…","truncated":true,"user":null,"entities":null,
            "in_reply_to_status_id":null,"extended_tweet":{"full_text":"the whole text",
            "entities":{"hashtags":[{"text":"all"}],"user_mentions":[],"urls":[]}}},
            {"id":2,"id_str":"2","full_text":"full","text":null}],"search_metadata":{"count":2}}
            """)
        let outcome = Self.run(input)
        #expect(outcome.error == nil)
        #expect(outcome.items.map(\.text) == ["the whole text", "full"])
        #expect(outcome.items[0].hashtags == ["all"])
        #expect(outcome.items[0].inReplyToStatusID == nil)
    }

    @Test func typeMismatchCarriesThePath() throws {
        let input = bytes(
            #"{"statuses":[{"id":1,"text":"a"},{"id":2,"text":"b","user":{"id":"x","screen_name":"s"}}]}"#)
        let outcome = Self.run(input)
        #expect(outcome.items.map(\.id) == [1])
        #expect(outcome.error?.kind == .typeMismatch)
        #expect(outcome.error?.path == "statuses[1].user.id")
    }

    @Test func serviceError() {
        let outcome = Self.run(bytes(#"{"errors":[{"message":"Sorry, that page does not exist","code":34}]}"#))
        #expect(outcome.error?.kind == .serviceError)
        #expect(outcome.error?.message == "Twitter answered with an error: Sorry, that page does not exist")
        #expect(outcome.error?.serviceCode == "34")
        #expect(outcome.error?.serviceMessage == "Sorry, that page does not exist")
    }

    @Test("v2's problem document: its title and detail, and its status as the code")
    func problemDocument() {
        let outcome = Self.run(
            bytes(#"{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized request"}"#))
        #expect(outcome.error?.kind == .serviceError)
        #expect(outcome.error?.serviceCode == "401")
        #expect(outcome.error?.serviceMessage == "Unauthorized request")
    }
}
