import Testing
@testable import Routes
@testable import Server

@Suite("The etcd registry: configuration and HTTP answers")
struct EtcdTransportTests {
    func resolve(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> Configuration? {
        guard case .run(let configuration) = try Configuration.resolve(arguments: arguments, environment: environment) else { return nil }
        return configuration
    }

    @Test func theRegistryIsTheJournalUnlessAnEtcdURLSaysOtherwise() throws {
        #expect(try resolve([])?.registry == nil)
        #expect(try resolve([])?.registryTimeout == 2)
        #expect(try resolve(["--registry", "etcd://127.0.0.1:2379"])?.registry == [.init(host: "127.0.0.1", port: 2379)])
        #expect(try resolve([], ["CONTROLSIM_REGISTRY": "etcd://etcd:2379,[::1]:2380"])?.registry
                == [.init(host: "etcd", port: 2379), .init(host: "::1", port: 2380)])
        #expect(try resolve(["--registry-timeout-ms", "500"])?.registryTimeout == 0.5)
        for bad in ["http://127.0.0.1:2379", "etcd://127.0.0.1", "etcd://:2379", "etcd://a:0", "etcd://a:2379,"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try resolve(["--registry", bad]) }
        }
    }

    @Test func answersAreReadByLengthChunkedOrToTheClose() throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
        #expect(try EtcdTransport.body(ofResponse: Array((head + "Content-Length: 2\r\n\r\n{}").utf8)) == Array("{}".utf8))
        #expect(try EtcdTransport.body(ofResponse: Array((head + "Transfer-Encoding: chunked\r\n\r\n3\r\n{\"a\r\n4\r\n\":1}\r\n0\r\n\r\n").utf8))
                == Array(#"{"a":1}"#.utf8))
        #expect(try EtcdTransport.body(ofResponse: Array((head + "\r\n{\"b\":2}").utf8)) == Array(#"{"b":2}"#.utf8))
        #expect(throws: RegistryError.self) { try EtcdTransport.body(ofResponse: Array((head + "Content-Length: 9\r\n\r\n{}").utf8)) }
        #expect(throws: RegistryError.self) {
            try EtcdTransport.body(ofResponse: Array("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found".utf8))
        }
        #expect(throws: RegistryError.self) { try EtcdTransport.body(ofResponse: Array("HTTP/1.1 200 OK\r\n".utf8)) }
    }

    @Test func aMemberThatRefusesIsSkippedAndNoneAnsweringIsUnavailable() throws {
        // Port 1 on loopback refuses at once: the call fails fast, naming both members.
        let transport = EtcdTransport(endpoints: [.init(host: "127.0.0.1", port: 1), .init(host: "127.0.0.1", port: 1)], timeout: 1)
        #expect {
            try transport.post("/v3/kv/range", body: Array("{}".utf8))
        } throws: { error in
            (error as? RegistryError)?.detail == "127.0.0.1:1: connect: Connection refused; 127.0.0.1:1: connect: Connection refused"
        }
    }
}
