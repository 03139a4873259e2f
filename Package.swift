// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ControlSim",
    products: [
        .executable(name: "Server", targets: ["Server"]),
        .library(name: "AnimationCore", targets: ["AnimationCore"]),
        .library(name: "Routes", targets: ["Routes"]),
    ],
    targets: [
        // Pure, deterministic motion engine and control state machines. No clocks, no I/O.
        .target(name: "AnimationCore"),
        // HTTP values, routing, wire formats and the session store. No sockets. Resources/ holds
        // symlinks to openapi.yaml, playground/ and client/: compiled in, as `PackageResources`.
        .target(name: "Routes", dependencies: ["AnimationCore"],
                resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground"),
                            .embedInCode("Resources/client")]),
        // Sockets, the HTTP/1.1 parser, connection lifecycle, configuration, persistence.
        .executableTarget(name: "Server", dependencies: ["Routes"]),
        // Release-built benchmark programs: `swift run -c release Bench`.
        .executableTarget(name: "Bench", dependencies: ["AnimationCore", "Routes"], path: "Benchmarks/Bench"),
        .testTarget(name: "AnimationCoreTests", dependencies: ["AnimationCore"]),
        // Goldens/ holds the golden corpus, read from the source tree by GoldenCorpusTests.
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "AnimationCore"], exclude: ["Goldens"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Routes"]),
    ],
    swiftLanguageModes: [.v6]
)
