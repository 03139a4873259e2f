import Testing
@testable import Routes
@testable import Server

@Suite("Configuration: the node id")
struct NodeIDConfigurationTests {
    func resolve(_ arguments: [String], _ environment: [String: String] = [:], hostname: String = "build-host") throws(ConfigurationError) -> Configuration? {
        guard case .run(var configuration) = try Configuration.resolve(arguments: arguments, environment: environment) else { return nil }
        configuration.hostname = hostname
        return configuration
    }

    func message(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do throws(ConfigurationError) {
            _ = try resolve(arguments, environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theDefaultComesFromTheHostNameAndThePort() throws {
        // n + FNV-1a-32 of "build-host:8080" and of "build-host:8081", computed independently.
        #expect(try resolve([])?.nodeID == "n98a7dfaa")
        #expect(try resolve(["--port", "8081"])?.nodeID == "n99a7e13d")
        #expect(try resolve([], ["PORT": "8081"])?.nodeID == "n99a7e13d")
        #expect(try resolve([], hostname: "localhost")?.nodeID == "n8df175a0")
        #expect(Configuration().hostname == Configuration.localHostname)
        #expect(!Configuration.localHostname.isEmpty)
    }

    @Test func theFlagBeatsTheEnvironmentWhichBeatsTheDefault() throws {
        #expect(try resolve([], ["NODE_ID": "node2"])?.nodeID == "node2")
        #expect(try resolve(["--node-id", "node1"], ["NODE_ID": "node2"])?.nodeID == "node1")
        #expect(try resolve(["--node-id=n0"])?.nodeID == "n0")
        #expect(try resolve([], ["NODE_ID": ""])?.nodeID == "n98a7dfaa", "an empty variable is unset")
    }

    @Test(arguments: [
        (["--node-id", "Node1"], [:], #"invalid value "Node1" for --node-id: expected 1 to 32 lowercase letters and digits"#),
        (["--node-id", "node-1"], [:], #"invalid value "node-1" for --node-id: expected 1 to 32 lowercase letters and digits"#),
        (["--node-id="], [:], #"invalid value "" for --node-id: expected 1 to 32 lowercase letters and digits"#),
        ([], ["NODE_ID": String(repeating: "a", count: 33)],
         #"invalid value "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" for environment variable NODE_ID: expected 1 to 32 lowercase letters and digits"#),
        (["--node-id"], [:], "missing value for --node-id"),
    ] as [([String], [String: String], String)])
    func anInvalidNodeIDIsRefused(arguments: [String], environment: [String: String], expected: String) {
        #expect(message(arguments, environment) == expected)
    }

    @Test func theNodeIsLoggedWithTheConfiguration() throws {
        let line = try #require(try resolve(["--node-id", "node3"])).logLine.description
        #expect(line.hasSuffix(" node=node3"))
    }

    @Test func liveSessionIDsAreTheNodeADashAnd32HexDigits() {
        let environment = AppEnvironment.live(log: { _ in }, node: "node7")
        #expect(environment.node == "node7")
        let ids = (0 ..< 100).map { _ in environment.makeID() }
        for id in ids {
            #expect(id.hasPrefix("node7-"), "\(id)")
            let random = id.dropFirst("node7-".count)
            #expect(random.utf8.count == 32 && random.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
            #expect(NodeID.owner(ofSession: id) == "node7")
        }
        #expect(Set(ids).count == ids.count)
    }
}
