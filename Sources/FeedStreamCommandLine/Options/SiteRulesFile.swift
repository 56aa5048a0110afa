import ArgumentParser
import ArticleExtraction
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--rules FILE.json`, as `extract` and `refresh --full-text` read it: `[{"host": …, "selector": …}]`.
package enum SiteRulesFile {
    /// The rules in the file at `path` (none without one); a file that cannot be read or decoded is reported in one
    /// line and ends the run with status 1.
    package static func read(_ path: String?) throws -> [SiteRule] {
        guard let path else { return [] }
        do {
            return try JSONDecoder().decode([SiteRule].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            let reason = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            OutputWriter.standardError("feedstream: error: --rules \(path): \(reason)")
            throw ExitCode(1)
        }
    }
}
