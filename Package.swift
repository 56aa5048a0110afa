// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "FeedStream",
    // What the code uses: ContinuousClock, Duration, NSLock.withLock, String.replacing and firstRange(of:) are
    // macOS 13 / iOS 16 / tvOS 16 / watchOS 9. scripts/check-platform-availability.sh (run by .ci/run) fails on
    // any API newer than these.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "StreamCore", targets: ["StreamCore"]),
        .library(name: "XMLStream", targets: ["XMLStream"]),
        // HTML in, safe HTML out, for any app that shows HTML (a Mastodon or mail client): no feed decoder needed.
        .library(name: "HTMLSanitizing", targets: ["HTMLSanitizing"]),
        // What subscribing reads: the feeds an HTML page links to, its metadata and icons, OPML lists in and out.
        .library(name: "FeedDiscovery", targets: ["FeedDiscovery"]),
        .library(name: "AtomStream", targets: ["AtomStream"]),
        .library(name: "JSONStream", targets: ["JSONStream"]),
        // The article a page holds, for feeds that send a summary: Readability's scoring on libxml2's HTML push parser.
        .library(name: "ArticleExtraction", targets: ["ArticleExtraction"]),
        .library(name: "FeedStreamNetworking", targets: ["FeedStreamNetworking"]),
        .library(name: "FeedStreamServices", targets: ["FeedStreamServices"]),
        // Where subscriptions and what they have seen live between refreshes: a JSON file or SQLite (no NIO).
        .library(name: "FeedStreamStore", targets: ["FeedStreamStore"]),
        // The store many workers on many machines share: PostgreSQL, on postgres-nio.
        .library(name: "FeedStreamPostgres", targets: ["FeedStreamPostgres"]),
        .executable(name: "feedstream", targets: ["feedstream"]),
        // What `feedstream` hands every invocation that fetches to: kept apart so that decoding a file never
        // loads the network stack (ARCHITECTURE.md, "The command line").
        .executable(name: "feedstream-network", targets: ["feedstream-network"]),
    ],
    // JSON Feed is the one part of AtomStream that runs on the yajl engine, and no Apple SDK ships yajl. It is a
    // trait, on by default: an app that reads only Atom and RSS depends on the package with `traits: []` and builds
    // AtomStream with libxml2 alone (scripts/check-atomstream-without-yajl.sh proves it).
    traits: [
        .trait(
            name: "JSONFeed",
            description: "FeedParser reads JSON Feed 1.0 and 1.1 (jsonfeed.org) on the yajl engine; needs yajl."),
        .default(enabledTraits: ["JSONFeed"]),
    ],
    dependencies: [
        // HMAC-SHA1 / HMAC-SHA256 for OAuth 1.0a signatures (CryptoKit's API on every platform).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // The `feedstream` command line.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // `swift package generate-documentation` for the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.4.0"),
        // The Linux transport: a response body that is pulled, so a slow consumer makes the transfer wait.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Already in the graph through AsyncHTTPClient; named so that its errors are told apart by their types
        // (NIOConnectionError, NIOSSLError), never by their names or texts.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
        // SQLiteStore: the SQLite library Apple-platform apps use; no NIO in an iOS build of the store.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // PostgresStore (its own product, FeedStreamPostgres): many workers sharing one database.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Already in the graph through postgres-nio: its transactions take a Logger.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        .target(name: "StreamCore"),
        .target(name: "XMLStream", dependencies: ["StreamCore", "CLibXML2"]),
        // The sanitizer's text scan in SSE2 (a header of inline C; no library to link).
        .target(name: "CTextScan"),
        .target(name: "HTMLSanitizing", dependencies: ["StreamCore", "XMLStream", "CTextScan"]),
        .target(name: "FeedDiscovery", dependencies: ["StreamCore", "XMLStream"]),
        .target(
            name: "AtomStream",
            dependencies: [
                // Both re-exported (Exports.swift): `import AtomStream` reads pages and OPML and sanitizes, as before.
                "StreamCore", "XMLStream", "HTMLSanitizing", "FeedDiscovery",
                .target(name: "JSONStream", condition: .when(traits: ["JSONFeed"])),
            ]),
        .target(name: "JSONStream", dependencies: ["StreamCore", "CYajl"]),
        // libxml2 only through XMLStream; the sanitizer and the page-encoding sniffer from their own modules.
        .target(
            name: "ArticleExtraction", dependencies: ["StreamCore", "XMLStream", "HTMLSanitizing", "FeedDiscovery"]),
        .target(
            name: "FeedStreamNetworking",
            dependencies: [
                "StreamCore", .product(name: "Crypto", package: "swift-crypto"),
                // Linux only: an iOS or macOS app that depends on FeedStream never resolves into building NIO;
                // there URLSessionTransport can make a transfer wait by suspending its task.
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
                // Linux only: AsyncHTTPClientTransport inflates gzip, zlib and raw deflate itself.
                .target(name: "CZlib", condition: .when(platforms: [.linux])),
            ]),
        .target(
            name: "FeedStreamServices",
            dependencies: [
                "FeedStreamNetworking", "XMLStream", "FeedDiscovery", "AtomStream", "JSONStream", "ArticleExtraction",
            ]),
        .target(
            name: "FeedStreamStore",
            dependencies: [
                "FeedStreamServices", "AtomStream", .product(name: "GRDB", package: "GRDB.swift"),
                // SHA-256 keys for URLs and entry ids of any length (CryptoKit on Apple platforms).
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "FeedStreamPostgres",
            dependencies: [
                "FeedStreamStore", "FeedStreamServices", "AtomStream",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                // Already in the graph through postgres-nio: the TLS of sslmode (trust roots, verification).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // The command line: its subcommands, options and output, and the decoding of files and standard input.
        // No network code: `feedstream` links only this.
        .target(
            name: "FeedStreamCommandLine",
            dependencies: [
                "StreamCore", "XMLStream", "FeedDiscovery", "AtomStream", "JSONStream", "ArticleExtraction",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "feedstream", dependencies: ["FeedStreamCommandLine"]),
        .executableTarget(
            name: "feedstream-network",
            dependencies: [
                "FeedStreamCommandLine", "XMLStream", "AtomStream", "JSONStream", "FeedStreamNetworking",
                "FeedStreamServices", "FeedStreamStore", "FeedStreamPostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "XMLStream", "HTMLSanitizing", "AtomStream", "JSONStream", "CLibXML2", "CYajl", "FeedStreamNetworking",
                "FixtureDocuments",
                "FeedStreamServices", "FeedStreamStore", "StreamTestSupport",
            ]),
        // Service documents written once for the benchmark's generators and the tests (not a product).
        .target(name: "FixtureDocuments"),
        .executableTarget(
            name: "FeedStreamFuzz",
            dependencies: [
                "XMLStream", "HTMLSanitizing", "FeedDiscovery", "AtomStream", "JSONStream", "ArticleExtraction",
            ]),
        // zlib: the Linux transport's inflater, and the loopback servers that serve gzip and deflate.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(
            name: "StreamTestSupport", dependencies: ["StreamCore", "JSONStream", "FeedStreamNetworking", "CZlib"],
            path: "Tests/StreamTestSupport"),
        .testTarget(name: "StreamCoreTests", dependencies: ["StreamCore", "StreamTestSupport"]),
        .testTarget(name: "XMLStreamTests", dependencies: ["XMLStream", "StreamTestSupport", "FixtureDocuments"]),
        .testTarget(name: "HTMLSanitizingTests", dependencies: ["HTMLSanitizing", "StreamTestSupport"]),
        .testTarget(name: "FeedDiscoveryTests", dependencies: ["FeedDiscovery", "StreamTestSupport"]),
        .testTarget(name: "AtomStreamTests", dependencies: ["AtomStream", "StreamTestSupport"]),
        .testTarget(
            name: "FeedStreamToolTests",
            dependencies: [
                // Both executables are run as child processes; the command-line target is tested directly.
                "feedstream", "feedstream-network", "FeedStreamCommandLine", "XMLStream", "AtomStream", "JSONStream",
                "FeedStreamNetworking", "StreamTestSupport", "FeedStreamServices", "FeedStreamStore",
            ]),
        .testTarget(
            name: "FeedStreamStoreTests",
            dependencies: [
                "FeedStreamStore", "FeedStreamPostgres", "FeedStreamServices", "AtomStream", "StreamTestSupport",
                // What each sslmode verifies is checked on the TLS configuration it makes.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(name: "JSONStreamTests", dependencies: ["JSONStream", "StreamTestSupport"]),
        .testTarget(name: "ArticleExtractionTests", dependencies: ["ArticleExtraction", "StreamTestSupport"]),
        .testTarget(
            name: "FeedStreamNetworkingTests",
            dependencies: [
                "FeedStreamNetworking", "AtomStream", "JSONStream", "StreamTestSupport",
                // The transport's error mapping is tested on errors of these types, made directly.
                .product(
                    name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(platforms: [.linux])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(platforms: [.linux])),
            ]),
        .testTarget(
            name: "FeedStreamServicesTests",
            dependencies: [
                "FeedStreamServices", "FeedStreamNetworking", "StreamTestSupport", "ArticleExtraction",
                // The loopback services' own OAuth verifier computes its HMACs apart from the signer.
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
