import ArgumentParser
import ArticleExtraction
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `feedstream extract`: the article of each HTML page given, one JSON line per page, in order.
package struct ExtractCommand: ToolCommand {
    package static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract the article of each HTML page: one JSON line per input, in order.",
        discussion: """
            Each line is {title, byline, published, siteName, language, leadImage, excerpt, content, text, \
            wordCount}; absent fields are left out. content is sanitized HTML whose URLs are absolute (resolved \
            against the page's <base href> and --base-url), text the plain text with paragraphs separated by blank \
            lines. --rules names a JSON file of site rules, [{"host": "example.org", "selector": "article \
            .body"}], tried before the general method for pages of their host (with --base-url, or a URL's). An \
            http:// or https:// URL in place of a file is fetched (redirects followed, read in its HTTP charset) \
            and extracted against its final URL, with the fetching options below (credentials only to each URL's \
            own origin and --allow-host). A page that cannot be read or fetched (a missing file, an HTTP error, a \
            transfer fault) ends the run with status 1 and one line on standard error, `feedstream: error: \
            INPUT: MESSAGE`, after the lines of the pages before it.
            """)

    @Option(help: "Bytes handed to the extractor per call, to reproduce network chunking exactly.")
    var chunkSize = 65_536

    @Option(help: "The URL the pages came from: relative references resolve against it, and it picks the rules.")
    var baseURL: String?

    @Option(help: "A JSON file of site rules: [{\"host\": …, \"selector\": …}].")
    var rules: String?

    @Argument(help: "HTML files, http(s) URLs, or `-` for standard input.")
    package var files: [String] = []

    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions

    package init() {}

    package var needsNetwork: Bool { files.contains(where: Self.isURL) }

    /// Whether an input names a page to fetch rather than a file.
    package static func isURL(_ input: String) -> Bool {
        let lowered = input.lowercased()
        return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && URL(string: input)?.host != nil
    }

    package func validate() throws {
        guard chunkSize > 0 else { throw ValidationError("--chunk-size takes a positive whole number of bytes") }
        if files.isEmpty { throw ValidationError("give at least one HTML file, or `-` for standard input") }
        if !needsNetwork && remote.isSpecified {
            throw ValidationError(
                "--user, --oauth1, --header, --retries, --timeout, --transport and --allow-host apply only to "
                    + "http:// or https:// URLs")
        }
        if remote.pages != "1" || remote.cacheDirectory != nil {
            throw ValidationError("--pages and --cache do not apply to extract")
        }
        if let baseURL, URL(string: baseURL)?.scheme == nil {
            throw ValidationError("--base-url takes an absolute URL")
        }
    }

    package func runLocally() throws {
        let output = OutputWriter()
        let options = try extractorOptions()
        for file in files {
            try extract(file: file, options, to: output)
        }
    }

    /// The site rules of `--rules` and `--base-url`; a rules file that cannot be read ends the run with status 1.
    package func extractorOptions() throws -> ArticleExtractor.Options {
        ArticleExtractor.Options(baseURL: baseURL.flatMap(URL.init(string:)), rules: try SiteRulesFile.read(rules))
    }

    /// Prints the article of one file (or standard input); one that cannot be read ends the run with status 1.
    package func extract(file: String, _ options: ArticleExtractor.Options, to output: OutputWriter) throws {
        do {
            let extractor = ArticleExtractor(options: options)
            let reader = try InputReader(path: file, chunkSize: chunkSize)
            try reader.forEachChunk { chunk in _ = try extractor.parse(chunk) }
            try extractor.finish(forEach: { article in try output.line(article) })
        } catch let error as InputReader.OpenError {
            output.flush()
            OutputWriter.standardError("feedstream: error: \(error.message)")
            throw ExitCode(1)
        } catch {
            throw output.failure(error)
        }
        output.flush()
    }
}
