import Foundation
import Testing

/// The recorded corpus in `../shared/corpus` beside the project root.
///
/// Tests that read it call ``directory(_:)``: when the corpus is absent they print why and skip, except under
/// CI (`CI` set), where its absence is a failure.
public enum Corpus {
    /// The project root, found from this file's location.
    public static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`.
    public static let root: URL = projectRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpus", isDirectory: true)

    /// The corpus folder `relativePath`, or `nil` (after printing a skip message, or recording a failure under
    /// CI) when it is absent.
    public static func directory(
        _ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> URL? {
        let url = root.appendingPathComponent(relativePath, isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url
        }
        let reason = "corpus folder \(url.path) is absent"
        if ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(reason); CI requires it", sourceLocation: sourceLocation)
        } else {
            print("SKIPPED: \(reason) — the test that reads it did not run")
        }
        return nil
    }

    /// The bytes of a file.
    public static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Every file below `directory` whose name ends with one of `extensions`, sorted by path.
    public static func files(in directory: URL, extensions: Set<String>) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if extensions.contains(url.pathExtension) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
