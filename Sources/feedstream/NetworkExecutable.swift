import FeedStreamCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// `feedstream-network`, the executable that runs what fetches, found beside this one.
enum NetworkExecutable {
    static let name = "feedstream-network"

    /// Replaces this process with `feedstream-network` and the same arguments: standard input, output and error,
    /// the environment and the exit status are the caller's, as if `feedstream` had run the command itself.
    static func handOff(_ arguments: [String]) -> Never {
        let path = siblingPath()
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        FeedStreamCommandLine.OutputWriter.standardError(
            "feedstream: error: fetching needs \(name) beside feedstream (\(path)): \(reason); "
                + "`swift build` builds both")
        terminate(1)
    }

    /// `feedstream-network` in the directory of the running executable (followed through symbolic links, so a
    /// link to `feedstream` on the PATH still finds it).
    private static func siblingPath() -> String {
        var directory = executablePath()
        if let slash = directory.lastIndex(of: "/") {
            directory = String(directory[...slash])
        } else {
            directory = "./"
        }
        return directory + name
    }

    private static func executablePath() -> String {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 { return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #elseif canImport(Darwin)
            var size = UInt32(PATH_MAX)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            if _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) {
                defer { free(resolved) }
                return String(cString: resolved)
            }
        #endif
        return CommandLine.arguments[0]
    }
}
