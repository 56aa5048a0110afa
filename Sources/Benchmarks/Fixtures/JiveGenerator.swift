/// A Jive REST v3 inbox response behind the anti-hijacking prefix, shaped like the recorded `inbox_response.json`.
struct JiveGenerator {
    let seed: UInt64

    func inbox(bytes: Int, into sink: inout FixtureSink) {
        var random = SeededRandom(seed: seed)
        sink.write("throw 'allowIllegalResourceCall is false.';\n{\n  \"list\" : [ ")
        let verbs = ["jive:created", "jive:commented", "jive:liked", "jive:replied", "jive:promoted", "jive:modified"]
        var index = 0
        while sink.bytesWritten < bytes - 2_000 || index == 0 {
            if index > 0 { sink.write(", ") }
            let person = 2000 + random.below(5000)
            let content = 9000 + index
            let title = Vocabulary.sentence(&random, words: 4 + random.below(6))
            let stamp =
                "2015-01-\(10 + random.below(18))T\(10 + random.below(13)):\(10 + random.below(49)):32.\(100 + random.below(899))+0000"
            let verb = random.pick(verbs)
            let hasURL = random.below(10) != 0
            sink.write(
                """
                {
                    "actor" : { "id" : "https://jive.example.com/api/core/v3/people/\(person)", "displayName" : \
                \(JSONText.quoted(Vocabulary.sentence(&random, words: 2), escapingNonASCII: false)), \
                "image" : { "url" : "https://jive.example.com/api/core/v3/people/\(person)/avatar" }, \
                "objectType" : "jive:person", "published" : "2014-08-21T17:25:57.641+0000", \
                "updated" : "2015-01-07T22:53:43.027+0000", "url" : "https://jive.example.com/people/p\(person)" },
                    "content" : \(JSONText.quoted("<a href=\"https://jive.example.com/people/p\(person)\">someone</a> \(verb.dropFirst(5)) <a href=\"https://jive.example.com/docs/DOC-\(content)\">\(title)</a>", escapingNonASCII: false)),
                    "jive" : { "collection" : "102-\(content)", "collectionUpdated" : "\(stamp)", "followingInStream" : true, \
                "read" : \(random.below(2) == 0), "replyCount" : \(random.below(9)), \
                "update" : "https://jive.example.com/api/core/v3/contents/\(content)/read", "objectID" : \(content), \
                "objectType" : 102, "iconCss" : "jive-icon-document", "canComment" : true, "canLike" : false },
                    "object" : { "id" : "https://jive.example.com/api/core/v3/contents/\(content)", "displayName" : \
                \(JSONText.quoted(title, escapingNonASCII: false)), "objectType" : "jive:document", \
                "published" : "\(stamp)", "summary" : \(JSONText.quoted(Vocabulary.sentence(&random, words: 12), escapingNonASCII: false)), \
                "updated" : "\(stamp)"\(hasURL ? ", \"url\" : \"https://jive.example.com/docs/DOC-\(content)\"" : "") },
                    "provider" : { "displayName" : "Jive", "objectType" : "jive:instance", "url" : "https://jive.example.com" },
                    "published" : "\(stamp)", "title" : \(JSONText.quoted(title, escapingNonASCII: false)), "updated" : "\(stamp)",
                    "url" : "https://jive.example.com/docs/DOC-\(content)", "verb" : "\(verb)"
                  }
                """)
            index += 1
        }
        sink.write(
            """
             ],
              "itemsPerPage" : \(index),
              "links" : { "next" : "https://jive.example.com/api/core/v3/inbox?before=2015-01-07T21%3A38%3A32.232%2B0000" },
              "unread" : \(index / 3)
            }

            """)
    }
}
