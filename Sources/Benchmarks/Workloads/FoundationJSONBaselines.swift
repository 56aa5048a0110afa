import Foundation

/// What a user would otherwise write for JSON: `JSONDecoder` into `Codable` structs holding the same fields the
/// FeedStream models hold, or `JSONSerialization`, on the whole document.
enum FoundationJSONBaselines {
    struct SearchResponse: Decodable {
        var statuses: [Status]
        var search_metadata: Metadata
    }

    struct Metadata: Decodable {
        var max_id: Int64?
        var since_id: Int64?
        var next_results: String?
        var refresh_url: String?
        var query: String?
        var count: Int?
        var completed_in: Double?
    }

    struct Status: Decodable {
        var id: Int64
        var id_str: String
        var text: String
        var created_at: Date
        var source: String?
        var lang: String?
        var in_reply_to_status_id: Int64?
        var in_reply_to_user_id: Int64?
        var in_reply_to_screen_name: String?
        var retweet_count: Int?
        var favorite_count: Int?
        var user: User
        var entities: Entities?
    }

    struct User: Decodable {
        var id: Int64
        var id_str: String
        var screen_name: String
        var name: String?
        var profile_image_url_https: String?
    }

    struct Entities: Decodable {
        struct Hashtag: Decodable { var text: String }
        struct Mention: Decodable { var screen_name: String }
        struct Link: Decodable {
            var url: String
            var expanded_url: String?
        }
        var hashtags: [Hashtag]
        var user_mentions: [Mention]
        var urls: [Link]
    }

    static func twitterDecoder() -> JSONDecoder {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        return decoder
    }

    static func decodeSearch(_ data: Data) -> Int {
        do {
            return try twitterDecoder().decode(SearchResponse.self, from: data).statuses.count
        } catch {
            fatalError("JSONDecoder failed on the benchmark input: \(error)")
        }
    }

    static func decodeEmployees(_ data: Data) -> Int {
        struct Page: Decodable { var employees: [EmployeeRecord] }
        do {
            let employees = try JSONDecoder().decode(Page.self, from: data).employees
            FieldDigest.keep(employees.reduce(0) { $0 &+ $1.fieldDigest })
            return employees.count
        } catch {
            fatalError("JSONDecoder failed on the benchmark input: \(error)")
        }
    }

    /// `JSONSerialization` on the whole document; `arrayKey` names the array of items to count.
    static func serialize(_ data: Data, arrayKey: String, skippingPrefix prefix: Int = 0) -> Int {
        do {
            let body = prefix > 0 ? data.dropFirst(prefix) : data
            let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            return (object?[arrayKey] as? [Any])?.count ?? 0
        } catch {
            fatalError("JSONSerialization failed on the benchmark input: \(error)")
        }
    }
}
