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
        // The JSON value (members in document order), its strict parser and its writer. Pure: no
        // Foundation, no I/O. The one model AnimationCore's loaders read and Routes' codecs write.
        .target(name: "JSON"),
        // Pure, deterministic motion engine and control state machines. No clocks, no I/O.
        .target(name: "AnimationCore", dependencies: ["JSON"]),
        // HTTP/1.1 on bytes: request values, the incremental parser, the response encoder. No sockets.
        .target(name: "HTTP1"),
        // The built-in control definitions (Controls/) and scenes (Scenes/) as data, embedded by the
        // EmbedControls plugin: read by Routes' catalogue and by the interpreter's tests.
        .target(name: "BuiltIns", exclude: ["Controls", "Scenes"], plugins: ["EmbedControls"]),
        // HTTP values, routing, wire formats and the session store. No sockets. Resources/ holds
        // symlinks to openapi.yaml, playground/ and client/: compiled in, as `PackageResources`.
        .target(name: "Routes", dependencies: ["JSON", "AnimationCore", "HTTP1", "BuiltIns"],
                resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground"),
                            .embedInCode("Resources/client")]),
        // The plugin's build-time tool: definition files → a Swift file in the plugin's work directory.
        .executableTarget(name: "ControlEmbedder"),
        .plugin(name: "EmbedControls", capability: .buildTool(), dependencies: ["ControlEmbedder"]),
        // Sockets, the connection state machine and its event loop, configuration, persistence.
        .executableTarget(name: "Server", dependencies: ["Routes", "HTTP1"]),
        // Release-built benchmark programs: `swift run -c release Bench`.
        .executableTarget(name: "Bench", dependencies: ["AnimationCore", "Routes"], path: "Benchmarks/Bench"),
        // Helpers shared by the test targets (the seeded generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1", "TestSupport"]),
        // The control tests drive the built-in definitions, read from BuiltIns as Routes reads them.
        .testTarget(name: "AnimationCoreTests", dependencies: ["AnimationCore", "BuiltIns"]),
        // Goldens/ holds the golden corpus, read from the source tree by GoldenCorpusTests.
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "AnimationCore", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "ServerTests", dependencies: ["Server", "Routes", "HTTP1", "TestSupport"], exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6]
)
