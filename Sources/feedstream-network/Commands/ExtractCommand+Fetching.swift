import ArgumentParser
import ArticleExtraction
import FeedStreamCommandLine
import FeedStreamNetworking
import FeedStreamServices
import Foundation

extension ExtractCommand: NetworkCommand {
    /// Every input in order: URLs fetched and extracted as they arrive (``FeedClient/article(at:rules:)``), files
    /// read as `feedstream` reads them.
    func runOverNetwork() async throws {
        let output = OutputWriter()
        let options = try extractorOptions()
        let authorizer = try remote.authorizer()
        for input in files {
            guard Self.isURL(input), let url = URL(string: input) else {
                try extract(file: input, options, to: output)
                continue
            }
            // One client per URL: each page is its own first request, so credentials stay on its own origin.
            let client = FeedClient(
                transport: remote.transport(), limits: remote.limits, originPolicy: remote.originPolicy,
                authorizer: authorizer, retryPolicy: RetryPolicy(maximumRetries: remote.retries),
                headers: remote.request(for: url).allHTTPHeaderFields ?? [:])
            do {
                try output.line(try await client.article(at: url, rules: options.rules))
            } catch {
                output.flush()
                let message = StreamRunner.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
                OutputWriter.standardError("feedstream: error: \(input): \(message)")
                throw ExitCode(1)
            }
            output.flush()
        }
    }
}
