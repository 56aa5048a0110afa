/// One figure of the benchmark, as written by `--json`.
struct BenchmarkRecord: Codable {
    var workload: String
    var decoder: String
    var chunkSize: Int?
    var megabytesPerSecond: Double?
    var itemsPerSecond: Double?
    var items: Int?
    var ceilingMegabytesPerSecond: Double?
    var ratioToCeiling: Double?
    var speedupOfFeedStream: Double?
    var inputBytes: Int?
    var peakResidentBytes: Int?
}

/// The report's tables, in Markdown so a run can be pasted into BENCHMARKS.md as it is.
enum Table {
    static let header = """
        | decoder | chunk | MB/s | items/s | ceiling MB/s | ratio to ceiling / FeedStream's speed-up |
        |---|---:|---:|---:|---:|---:|
        """

    static func row(_ record: BenchmarkRecord) -> String {
        func column(_ value: Double?, _ format: String) -> String {
            value.map { String(format: format, $0) } ?? "—"
        }
        let chunk = record.chunkSize.map { $0 >= 1024 && $0 % 1024 == 0 ? "\($0 >> 10) KiB" : "\($0) B" } ?? "whole"
        var last = "—"
        if let ratio = record.ratioToCeiling {
            last = String(format: "%.2f×", ratio)
        } else if let speedup = record.speedupOfFeedStream {
            last = String(format: "FeedStream %.1f× faster", speedup)
        }
        return "| \(record.decoder) | \(chunk) | \(column(record.megabytesPerSecond, "%.1f")) | "
            + "\(column(record.itemsPerSecond, "%.0f")) | \(column(record.ceilingMegabytesPerSecond, "%.1f")) | \(last) |"
    }
}
