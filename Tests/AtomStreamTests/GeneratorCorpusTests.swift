import AtomStream
import Foundation
import HTMLSanitizing
import StreamTestSupport
import Testing

/// The feeds `scripts/make-generator-corpus.sh` wrote with the real generators — Rouge escaped in Atom, Pygments in
/// RSS CDATA, pandoc's numbered lines, latex2mathml's MathML in KaTeX's shape, WordPress.com figures, Code Block
/// Pro — checked in under `Fixtures/generators/`: each decodes the same in every chunking, and each post comes out
/// as libxml2's path sanitizes it, whichever path took it.
@Suite struct GeneratorCorpusTests {
    static let folder = Corpus.projectRoot.appendingPathComponent("Fixtures/generators")

    @Test(.ownThread, arguments: ["rouge.atom", "pygments.rss", "pandoc.atom", "katex.rss", "wordpress.rss",
        "codeblockpro.rss"])
    func eachPostIsSanitizedAsLibxml2SanitizesIt(file: String) throws {
        let bytes = try Corpus.bytes(Self.folder.appendingPathComponent(file))
        let (raw, _) = decodeFeedEveryWay(bytes, options: .init(sanitizesHTML: false), byteByByteLimit: 0)
        let (sanitized, _) = decodeFeedEveryWay(bytes, byteByByteLimit: 0)
        #expect(raw.error == nil && sanitized.error == nil)
        #expect(raw.items.count == 3 && sanitized.items.count == 3)
        let reference = HTMLSanitizingSession(baseURL: nil, usesFastPath: false)
        for (rawEntry, entry) in zip(raw.items, sanitized.items) {
            let html = try #require(rawEntry.content?.value ?? rawEntry.summary?.value)
            let expected = reference.sanitize(html)
            #expect(entry.content?.value ?? entry.summary?.value == expected, "\(file): \(rawEntry.id ?? "")")
            #expect(html.contains("<span") || html.contains("<figure"), "\(file): the generator's markup")
        }
    }
}
