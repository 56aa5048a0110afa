import FeedStreamNetworking
import Foundation
import Testing

@Suite("HTTPResponseError: the service's message on one line")
struct HTTPResponseErrorMessageTests {
    static func error(_ contentType: String?, _ body: String, status: Int = 401) -> HTTPResponseError {
        HTTPResponseError(reason: .status, statusCode: status, contentType: contentType, body: body)
    }

    @Test("An HTML page: markup, scripts, styles and comments dropped, entities decoded, whitespace collapsed")
    func html() {
        let page = """
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">
            <html><head><title>401 - Unauthorized: Access is denied</title>
            <style type="text/css">
            body { margin: 0; }
            </style><script>var x = "<p>not this</p>";</script></head>
            <body><!-- a comment
            over lines --><h2>Invalid consumer &amp; token</h2>
            <p>You do not have permission&nbsp;to view this page.</p></body></html>
            """
        let error = Self.error("text/html", page)
        #expect(
            error.message == "401 - Unauthorized: Access is denied Invalid consumer & token "
                + "You do not have permission to view this page.")
        #expect(error.description == "HTTP 401 (text/html): " + error.message)
    }

    @Test("A form-encoded OAuth problem report is decoded")
    func problemReport() {
        let error = Self.error(
            "application/x-www-form-urlencoded",
            "oauth_problem=timestamp_refused&oauth_acceptable_timestamps=137131200-137131500")
        #expect(error.message == "oauth_problem=timestamp_refused, oauth_acceptable_timestamps=137131200-137131500")
        let asText = Self.error("text/plain", "oauth_problem=signature_invalid&oauth_problem_advice=bad+signature")
        #expect(asText.message == "oauth_problem=signature_invalid, oauth_problem_advice=bad signature")
    }

    @Test("Plain text on one line, cut at 300 characters; an empty body says so")
    func plainText() {
        #expect(Self.error("text/plain", "  Invalid\r\n  credentials\n").message == "Invalid credentials")
        let long = Self.error(nil, String(repeating: "word ", count: 100))
        #expect(long.message.count == 301 && long.message.hasSuffix("…"))
        #expect(Self.error("text/plain", "").description == "HTTP 401 (text/plain): empty body")
    }

    @Test("A challenged 401 whose body was withheld says what the service asked for")
    func challenge() {
        var error = Self.error("text/html", "")
        error.authenticationChallenge = "Basic realm=\"Connections\""
        #expect(
            error.description
                == "HTTP 401 (text/html): credentials refused (WWW-Authenticate: Basic realm=\"Connections\")")
    }
}
