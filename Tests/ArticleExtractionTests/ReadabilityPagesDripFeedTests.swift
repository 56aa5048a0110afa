import ArticleExtraction
import Foundation
import StreamTestSupport
import Testing

/// Every Readability test page fed one byte at a time and in 16 seeded random chunkings gives the article it gives
/// in one chunk.
@Suite(.corpus(ReadabilityPage.folder)) struct ReadabilityPagesDripFeedTests {
    @Test("Each page, one byte at a time and in 16 random chunkings: the same article", .ownThread)
    func sameArticleInEveryChunking() throws {
        let pages = ReadabilityPage.all()
        #expect(pages.count >= 130)
        for (index, page) in pages.enumerated() {
            let whole = try #require(try page.extract())
            let byteByByte = try page.extract(splits: DripFeed.byteByByte(page.source.count))
            #expect(byteByByte == whole, "\(page.name): one byte at a time")
            let chunkings = DripFeed.randomChunkings(page.source.count, count: 8, maximumChunk: 64, seed: UInt64(index))
                + DripFeed.randomChunkings(page.source.count, count: 8, maximumChunk: 8192, seed: UInt64(index) + 1000)
            for (number, splits) in chunkings.enumerated() {
                let chunked = try page.extract(splits: splits)
                #expect(chunked == whole, "\(page.name): random chunking \(number)")
            }
        }
    }
}
