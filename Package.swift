// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FeedStream",
    products: [
        .library(name: "StreamCore", targets: ["StreamCore"]),
        .library(name: "AtomStream", targets: ["AtomStream"]),
        .library(name: "JSONStream", targets: ["JSONStream"]),
        .library(name: "FeedStreamNetworking", targets: ["FeedStreamNetworking"]),
        .executable(name: "feedstream", targets: ["feedstream"]),
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
        .target(name: "AtomStream", dependencies: ["StreamCore", "CLibXML2"]),
        .target(name: "JSONStream", dependencies: ["StreamCore", "CYajl"]),
        .target(name: "FeedStreamNetworking", dependencies: ["StreamCore"]),
        .executableTarget(name: "feedstream", dependencies: ["AtomStream", "JSONStream"]),
        .executableTarget(name: "Benchmarks", dependencies: ["AtomStream", "JSONStream", "CLibXML2", "CYajl"]),
        .executableTarget(name: "FeedStreamFuzz", dependencies: ["AtomStream", "JSONStream"]),
        .target(name: "StreamTestSupport", dependencies: ["StreamCore"], path: "Tests/StreamTestSupport"),
        .testTarget(name: "StreamCoreTests", dependencies: ["StreamCore", "StreamTestSupport"]),
        .testTarget(name: "AtomStreamTests", dependencies: ["AtomStream", "StreamTestSupport"]),
        .testTarget(name: "FeedStreamToolTests", dependencies: ["feedstream", "StreamTestSupport"]),
        .testTarget(name: "JSONStreamTests", dependencies: ["JSONStream", "StreamTestSupport"]),
        .testTarget(
            name: "FeedStreamNetworkingTests",
            dependencies: ["FeedStreamNetworking", "AtomStream", "JSONStream", "StreamTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
