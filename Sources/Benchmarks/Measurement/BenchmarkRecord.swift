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

/// The printed table.
enum Table {
    static let header = "decoder                          chunk      MB/s     items/s   ceiling MB/s   ratio"

    static func row(_ record: BenchmarkRecord) -> String {
        func column(_ value: Double?, _ width: Int, _ format: String) -> String {
            let text = value.map { String(format: format, $0) } ?? "—"
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        let name = record.decoder.padding(toLength: 30, withPad: " ", startingAt: 0)
        let chunk = record.chunkSize.map { $0 >= 1024 ? "\($0 >> 10) KiB" : "\($0) B" } ?? "whole"
        var line = name + chunk.leftPadded(9)
        line += column(record.megabytesPerSecond, 10, "%.1f") + column(record.itemsPerSecond, 12, "%.0f")
        line += column(record.ceilingMegabytesPerSecond, 15, "%.1f")
        if let ratio = record.ratioToCeiling {
            line += column(ratio, 8, "%.2f×")
        } else if let speedup = record.speedupOfFeedStream {
            line += "   FeedStream is " + String(format: "%.1f×", speedup)
        }
        return line
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
