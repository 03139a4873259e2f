// Release-built benchmark programs: `swift run -c release Bench [group …]`.
// With no argument every group runs; each group lives in its own file and registers here.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named set of measurements that prints its own figures.
struct BenchGroup {
    let name: String
    let summary: String
    let run: () -> Void
}

let groups: [BenchGroup] = [
    BenchGroup(name: "springs", summary: "spring samples per second against an exp+sin+cos baseline",
               run: SpringBench.run),
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print("usage: Bench [group …]\ngroups:")
    for group in groups { print("  \(group.name): \(group.summary)") }
} else {
    let unknown = requested.filter { name in !groups.contains { $0.name == name } }
    if !unknown.isEmpty {
        print("unknown group(s): \(unknown.joined(separator: ", ")); known: \(groups.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    for group in groups where requested.isEmpty || requested.contains(group.name) {
        group.run()
    }
}
