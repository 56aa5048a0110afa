/// Tweets shaped like the v1.1 statuses in the recorded `twitter.json`: nested user, entities, CJK text with
/// `\u` escapes, ids above 2^53.
struct TwitterGenerator {
    let seed: UInt64

    /// One status object as compact JSON.
    static func status(_ random: inout SeededRandom, index: Int) -> String {
        let id = 505_874_924_095_815_681 + UInt64(index) * 7_919
        let userID = 1_186_275_104 + random.below(900_000_000)
        let screenName = "user\(random.hex(6))"
        let text =
            "@\(screenName) " + Vocabulary.sentence(&random, words: 6 + random.below(14))
            + " #\(random.pick(Vocabulary.words))"
        let mention = "@" + "friend\(random.hex(4))"
        let created = "Sun Aug 31 \(10 + random.below(14)):\(10 + random.below(50)):\(10 + random.below(50)) +0000 2014"
        let replyTo = random.below(3) == 0 ? "\(id - 1000)" : "null"
        let escaped = random.below(4) != 0
        return """
            {"metadata":{"result_type":"recent","iso_language_code":"ja"},"created_at":"\(created)",\
            "id":\(id),"id_str":"\(id)","text":\(JSONText.quoted(text + " " + mention, escapingNonASCII: escaped)),\
            "source":"<a href=\\"http:\\/\\/twitter.com\\/download\\/iphone\\" rel=\\"nofollow\\">Twitter for iPhone<\\/a>",\
            "truncated":false,"in_reply_to_status_id":\(replyTo),"in_reply_to_status_id_str":\(replyTo == "null" ? "null" : "\"\(replyTo)\""),\
            "in_reply_to_user_id":null,"in_reply_to_user_id_str":null,"in_reply_to_screen_name":null,\
            "user":{"id":\(userID),"id_str":"\(userID)","name":\(JSONText.quoted(Vocabulary.sentence(&random, words: 2), escapingNonASCII: escaped)),\
            "screen_name":"\(screenName)","location":"","description":\(JSONText.quoted(Vocabulary.sentence(&random, words: 8), escapingNonASCII: escaped)),\
            "url":null,"entities":{"description":{"urls":[]}},"protected":false,"followers_count":\(random.below(5000)),\
            "friends_count":\(random.below(5000)),"listed_count":0,"created_at":"Sat Feb 16 13:40:25 +0000 2013",\
            "favourites_count":235,"utc_offset":null,"time_zone":null,"geo_enabled":false,"verified":false,\
            "statuses_count":1769,"lang":"en","profile_image_url":"http:\\/\\/pbs.twimg.com\\/profile_images\\/\(random.hex(12))\\/a_normal.jpeg",\
            "profile_image_url_https":"https:\\/\\/pbs.twimg.com\\/profile_images\\/\(random.hex(12))\\/a_normal.jpeg",\
            "default_profile":true,"following":false},"geo":null,"coordinates":null,"place":null,"contributors":null,\
            "retweet_count":\(random.below(100)),"favorite_count":\(random.below(100)),\
            "entities":{"hashtags":[{"text":"tag\(random.hex(3))","indices":[10,20]}],"symbols":[],\
            "urls":[{"url":"http:\\/\\/t.co\\/\(random.hex(8))","expanded_url":"http:\\/\\/example.com\\/\(random.hex(10))",\
            "display_url":"example.com\\/\(random.hex(6))","indices":[30,52]}],\
            "user_mentions":[{"screen_name":"\(mention.dropFirst())","name":"Friend","id":\(userID + 1),"id_str":"\(userID + 1)","indices":[0,10]}]},\
            "favorited":false,"retweeted":false,"lang":"ja"}
            """
    }

    /// A v1.1 search response of about `bytes` bytes.
    func searchResponse(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write("{\"statuses\":[")
        var index = 0
        while sink.bytesWritten < bytes - 2_000 || index == 0 {
            if index > 0 { sink.write(",") }
            sink.write(Self.status(&random, index: index))
            index += 1
        }
        sink.write(
            """
            ],"search_metadata":{"completed_in":0.087,"max_id":505874924095815681,"max_id_str":"505874924095815681",\
            "next_results":"?max_id=505874915338104831&q=%E4%B8%80&count=100&include_entities=1",\
            "query":"%E4%B8%80","refresh_url":"?since_id=505874924095815681&q=%E4%B8%80&include_entities=1",\
            "count":\(index),"since_id":0,"since_id_str":"0"}}
            """)
    }

    /// A newline-delimited stream of the same tweets, with `\r\n` and a blank keep-alive line every few tweets
    /// and a delete notice now and then.
    func stream(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        var index = 0
        while !sink.isFull && (sink.bytesWritten < bytes || index == 0) {
            sink.write(Self.status(&random, index: index) + "\r\n")
            if index % 7 == 6 { sink.write("\r\n") }
            if index % 50 == 49 {
                sink.write(
                    "{\"delete\":{\"status\":{\"id\":\(1_234_567_890_123 + index),\"id_str\":\"\(1_234_567_890_123 + index)\",\"user_id\":3,\"user_id_str\":\"3\"}}}\r\n"
                )
            }
            index += 1
        }
    }
}
