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
        // HTTP/1.1 on bytes: request values, the incremental parser, the response encoder. No sockets.
        .target(name: "HTTP1"),
        // HTTP values, routing, wire formats and the session store. No sockets. Resources/ holds
        // symlinks to openapi.yaml, playground/ and client/: compiled in, as `PackageResources`.
        .target(name: "Routes", dependencies: ["AnimationCore", "HTTP1"],
                resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground"),
                            .embedInCode("Resources/client")]),
        // Sockets, the connection state machine and its event loop, configuration, persistence.
        .executableTarget(name: "Server", dependencies: ["Routes", "HTTP1"]),
        // Release-built benchmark programs: `swift run -c release Bench`.
        .executableTarget(name: "Bench", dependencies: ["AnimationCore", "Routes"], path: "Benchmarks/Bench"),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
        .testTarget(name: "AnimationCoreTests", dependencies: ["AnimationCore"]),
        // Goldens/ holds the golden corpus, read from the source tree by GoldenCorpusTests.
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "AnimationCore"], exclude: ["Goldens"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Routes", "HTTP1"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
