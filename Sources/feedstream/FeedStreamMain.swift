import FeedStreamCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// `feedstream`: decodes files and standard input itself, synchronously on the main thread, and hands every
/// invocation that fetches to `feedstream-network` beside it.
///
/// This executable links no network code. FoundationNetworking alone brings libcurl and some 30 libraries
/// that the dynamic loader would map and relocate before `main` on every run, and NIO, AsyncHTTPClient and
/// swift-crypto fill the conformance tables that argument parsing searches: together more than half of what a
/// one-feed run cost (BENCHMARKS.md, "Start-up"). The same split keeps git's HTTP transport in
/// `git-remote-http`.
@main
enum FeedStreamMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch FeedStreamTool.invocation(arguments) {
        case .local(let command):
            FeedStreamTool.runLocally(command, arguments: arguments)
        case .network:
            NetworkExecutable.handOff(arguments)
        }
    }
}
