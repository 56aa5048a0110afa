/// A place in a byte stream: 1-based line and column, 0-based absolute byte offset.
public struct StreamPosition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column within the line.
    public var column: Int
    /// The 0-based offset from the first byte of the stream.
    public var byteOffset: Int

    /// Creates a position.
    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// The first byte of a stream.
    public static let start = StreamPosition(line: 1, column: 1, byteOffset: 0)

    public var description: String { "line \(line), column \(column), byte \(byteOffset)" }
}
