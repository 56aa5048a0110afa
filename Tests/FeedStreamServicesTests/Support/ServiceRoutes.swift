import Foundation
import StreamTestSupport

/// Responses the test services give: what a real service of each kind sends.
enum ServiceRoutes {
    /// How a refusal is worded: services differ, and the client must show each one's message.
    enum RefusalStyle {
        /// `oauth_problem=…&oauth_problem_advice=…` (OAuth Problem Reporting), form-encoded.
        case problemReporting
        /// An HTML error page, as IIS-hosted services (Fellowship One among them) send.
        case html
        /// A line of plain text.
        case plainText
    }

    /// A 401 carrying `problem` and `advice` in `style`.
    static func refusal(problem: String, advice: String, style: RefusalStyle) -> LoopbackHTTPServer.Route {
        switch style {
        case .problemReporting:
            let body =
                "oauth_problem=\(problem)&oauth_problem_advice="
                + (advice.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? advice)
            return .init(status: 401, contentType: "application/x-www-form-urlencoded", text: body)
        case .html:
            let page = """
                <!DOCTYPE html>
                <html><head><title>401 - Unauthorized</title><style>body { font: 12px Verdana; }</style></head>
                <body><h1>401 - Unauthorized: \(problem)</h1>
                <p>\(advice.replacingOccurrences(of: "&", with: "&amp;"))</p></body></html>
                """
            return .init(
                status: 401, contentType: "text/html; charset=utf-8",
                headers: [("WWW-Authenticate", "OAuth realm=\"loopback\"")], text: page)
        case .plainText:
            return .init(status: 401, contentType: "text/plain", text: "\(problem): \(advice)\r\n")
        }
    }

    /// `{"results":[{"name":…,"value":…},…]}`: the parameters a service received, echoed for the test to check.
    static func echo(_ pairs: [OAuth1TestVerifier.Pair]) -> LoopbackHTTPServer.Route {
        let objects = pairs.map { ["name": $0.name, "value": $0.value] }
        let body = try! JSONSerialization.data(withJSONObject: ["results": objects], options: [.sortedKeys])
        return .init(contentType: "application/json", body: [UInt8](body))
    }
}
