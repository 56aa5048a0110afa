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
            .body"}], tried before the general method for pages of their host (with --base-url). A page that \
            cannot be read ends the run with status 1 after the lines of the pages before it.
            """)

    @Option(help: "Bytes handed to the extractor per call, to reproduce network chunking exactly.")
    var chunkSize = 65_536

    @Option(help: "The URL the pages came from: relative references resolve against it, and it picks the rules.")
    var baseURL: String?

    @Option(help: "A JSON file of site rules: [{\"host\": …, \"selector\": …}].")
    var rules: String?

    @Argument(help: "HTML files, or `-` for standard input.")
    var files: [String] = []

    package init() {}

    package var needsNetwork: Bool { false }

    package func validate() throws {
        guard chunkSize > 0 else { throw ValidationError("--chunk-size takes a positive whole number of bytes") }
        if files.isEmpty { throw ValidationError("give at least one HTML file, or `-` for standard input") }
        if let url = files.first(where: { $0.hasPrefix("http://") || $0.hasPrefix("https://") }) {
            throw ValidationError("extract reads files; fetch \(url) first (URLs are not supported yet)")
        }
        if let baseURL, URL(string: baseURL)?.scheme == nil {
            throw ValidationError("--base-url takes an absolute URL")
        }
    }

    package func runLocally() throws {
        let output = OutputWriter()
        let siteRules: [SiteRule]
        do {
            siteRules = try rules.map { path in
                try JSONDecoder().decode([SiteRule].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            } ?? []
        } catch {
            OutputWriter.standardError("feedstream: error: --rules \(rules ?? ""): \(error)")
            throw ExitCode(1)
        }
        let options = ArticleExtractor.Options(baseURL: baseURL.flatMap(URL.init(string:)), rules: siteRules)
        for file in files {
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
}
