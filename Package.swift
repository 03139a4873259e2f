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
        // HTTP values, routing, wire formats and the session store. No sockets.
        .target(name: "Routes", dependencies: ["AnimationCore"]),
        // Sockets, the HTTP/1.1 parser, connection lifecycle, configuration, persistence.
        .executableTarget(name: "Server", dependencies: ["Routes"]),
        // Release-built benchmark programs: `swift run -c release Bench`.
        .executableTarget(name: "Bench", dependencies: ["AnimationCore", "Routes"], path: "Benchmarks/Bench"),
        .testTarget(name: "AnimationCoreTests", dependencies: ["AnimationCore"]),
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "AnimationCore"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Routes"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
