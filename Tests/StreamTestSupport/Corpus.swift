import Foundation
import Testing

/// The recorded corpus in `../shared/corpus` beside the project root (or the folder `FEEDSTREAM_CORPUS` names).
///
/// A test that reads it carries the ``Testing/Trait/corpus(_:sourceLocation:)`` trait and calls
/// ``directory(_:sourceLocation:)``: when the corpus is absent the test is reported as skipped, except under CI
/// (`CI` set), where it runs and its absence is a failure. A test that reads the corpus without the trait fails
/// when it is absent, so none passes without having read it.
public enum Corpus {
    /// The project root, found from this file's location.
    public static let projectRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/corpus`, unless the environment variable `FEEDSTREAM_CORPUS` names another folder.
    public static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["FEEDSTREAM_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return projectRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus", isDirectory: true)
    }()

    /// Whether the corpus must be there (`CI` is set): tests that need it then run and fail on its absence.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

    /// Whether the corpus folder `relativePath` is there.
    public static func isPresent(_ relativePath: String) -> Bool {
        var isDirectory: ObjCBool = false
        let url = root.appendingPathComponent(relativePath, isDirectory: true)
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The corpus folder `relativePath`, or `nil` after recording a failure when it is absent: under CI, or in a
    /// test that lacks the ``Testing/Trait/corpus(_:sourceLocation:)`` trait that would have skipped it.
    public static func directory(
        _ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> URL? {
        let url = root.appendingPathComponent(relativePath, isDirectory: true)
        if isPresent(relativePath) { return url }
        let reason = "corpus folder \(url.path) is absent"
        if isRequired {
            Issue.record("\(reason); CI requires it", sourceLocation: sourceLocation)
        } else {
            Issue.record(
                "\(reason); a test that reads it needs the .corpus(\"\(relativePath)\") trait",
                sourceLocation: sourceLocation)
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

extension Trait where Self == ConditionTrait {
    /// Runs the test only when every corpus folder in `relativePaths` is there — it is reported as skipped
    /// otherwise — and always under CI (`CI` set), where a missing folder fails it.
    public static func corpus(_ relativePaths: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .enabled(
            if: Corpus.isRequired || relativePaths.allSatisfy(Corpus.isPresent),
            Comment(rawValue: "needs \(relativePaths.joined(separator: ", ")) in the corpus at \(Corpus.root.path)"),
            sourceLocation: sourceLocation)
    }
}
