// swift-tools-version:6.1
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
        // Controls/ holds the built-in control definitions, embedded by the EmbedControls plugin.
        .target(name: "Routes", dependencies: ["AnimationCore"], exclude: ["Controls"], plugins: ["EmbedControls"]),
        // The plugin's build-time tool: definition files → a Swift file in the plugin's work directory.
        .executableTarget(name: "ControlEmbedder"),
        .plugin(name: "EmbedControls", capability: .buildTool(), dependencies: ["ControlEmbedder"]),
        // Sockets, the HTTP/1.1 parser, connection lifecycle, configuration, persistence.
        .executableTarget(name: "Server", dependencies: ["Routes"]),
        // Release-built benchmark programs: `swift run -c release Bench`.
        .executableTarget(name: "Bench", dependencies: ["AnimationCore", "Routes"], path: "Benchmarks/Bench"),
        // The control tests drive the built-in definitions, which Routes embeds.
        .testTarget(name: "AnimationCoreTests", dependencies: ["AnimationCore", "Routes"]),
        // Goldens/ holds the golden corpus, read from the source tree by GoldenCorpusTests.
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "AnimationCore"], exclude: ["Goldens"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Routes"]),
    ],
    swiftLanguageModes: [.v6]
)
