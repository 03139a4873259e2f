import Glibc
import Testing
@testable import Server

/// Real sockets on 127.0.0.1, port 0: what a client sees on the wire.
@Suite struct LoopbackTests {
    static let host = "Host: t\r\n"

    @Test func keepAliveReusesOneConnection() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            for path in ["/a", "/b", "/c"] {
                try client.send("GET \(path) HTTP/1.1\r\n\(Self.host)\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "GET \(path) 0")
                #expect(response.header("Connection") == nil)
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /1 HTTP/1.1\r\n\(Self.host)\r\nPOST /2 HTTP/1.1\r\n\(Self.host)Content-Length: 3\r\n\r\nabcGET /3 HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /1 0")
            #expect(try client.readResponse().text == "POST /2 3")
            #expect(try client.readResponse().text == "GET /3 0")
        }
    }

    @Test func chunkedUploadIsDecoded() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("PUT /c HTTP/1.1\r\n\(Self.host)Transfer-Encoding: chunked\r\n\r\n4;x=y\r\nabcd\r\n2\r\nef\r\n0\r\n\r\n")
            #expect(try client.readResponse().text == "PUT /c 6")
        }
    }

    @Test func headHasGetHeadersAndNoBody() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("HEAD /x HTTP/1.1\r\n\(Self.host)\r\n")
            let head = try client.readResponse(isHead: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "8")
            #expect(head.header("Content-Type") == "text/plain")
            try client.send("GET /y HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().text == "GET /y 0")
        }
    }

    @Test func continueIsSentBeforeTheBodyIsRead() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /u HTTP/1.1\r\n\(Self.host)Expect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("hello")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "POST /u 5")
        }
    }

    @Test func noContinueWhenTheBodyCameWithTheHead() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /u HTTP/1.1\r\n\(Self.host)Expect: 100-continue\r\nContent-Length: 2\r\n\r\nok")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func oversizedBodyIs413ThenClosed() throws {
        let configuration = TestServer.configuration { $0.limits.maxBodyBytes = 1000 }
        try TestServer.run(configuration) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("POST /u HTTP/1.1\r\n\(Self.host)Expect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.header("Connection") == "close")
            #expect(response.text.contains(#""status":413,"code":"payload_too_large""#))
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test func oversizedHeadIs431ThenClosed() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET / HTTP/1.1\r\n\(Self.host)X-Pad: \(String(repeating: "p", count: 20_000))\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 431)
            #expect(response.text.contains(#""code":"header_too_large""#))
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400, "bad_request"),
        ("POST / HTTP/1.1\r\nHost: t\r\n\r\n", 411, "length_required"),
        ("GET / HTTP/2.0\r\n\r\n", 505, "version_not_supported"),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "bad_request"),
    ])
    func errorsAreProblemsFollowedByClose(raw: String, status: Int, code: String) throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send(raw)
            let response = try client.readResponse()
            #expect(response.status == status)
            #expect(response.text.hasPrefix(#"{"type":"about:blank","title":""#))
            #expect(response.text.contains(#""status":\#(status),"code":"\#(code)","detail":""#))
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try TestServer.run { server in
            let closing = try TestClient.connect(port: server.port)
            try closing.send("GET /old HTTP/1.0\r\n\r\n")
            #expect(try closing.readResponse().header("Connection") == "close")
            #expect(try closing.readToEnd().isEmpty)

            let persistent = try TestClient.connect(port: server.port)
            try persistent.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try persistent.readResponse().header("Connection") == "keep-alive")
            try persistent.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try persistent.readResponse().text == "GET /b 0")
        }
    }

    @Test func connectionCloseIsHonoured() throws {
        try TestServer.run { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /a HTTP/1.1\r\n\(Self.host)Connection: close\r\n\r\nGET /ignored HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try client.readResponse().header("Connection") == "close")
            #expect(try client.readToEnd().isEmpty)
        }
    }

    /// Each loop listens on a socket of its own, sharing the port (SO_REUSEPORT): a second server
    /// on a port in use must still fail to start, even one that shares ports the same way.
    @Test func aPortInUseFailsTheStartEvenWithAListenerPerLoop() throws {
        try TestServer.run(TestServer.configuration { $0.threads = 3 }) { server in
            for threads in [1, 2] {
                let busy = TestServer.configuration {
                    $0.address = .loopback(port: server.port)
                    $0.threads = threads
                }
                #expect(throws: SyscallError("bind", errno: EADDRINUSE)) {
                    _ = try Server(configuration: busy, responder: EchoResponder(), log: { _ in })
                }
            }
            // The three loops still answer, on fresh connections wherever the kernel puts them.
            for path in ["/a", "/b", "/c", "/d"] {
                let client = try TestClient.connect(port: server.port)
                try client.send("GET \(path) HTTP/1.1\r\n\(Self.host)\r\n")
                #expect(try client.readResponse().text == "GET \(path) 0")
            }
        }
    }

    @Test func connectionsBeyondTheCapGet503WhenEveryConnectionIsBusy() throws {
        let configuration = TestServer.configuration { $0.maxConnections = 1 }
        try TestServer.run(configuration) { server in
            // A request under way holds its place: its head is read (the server asked for the body).
            let first = try TestClient.connect(port: server.port)
            try first.send("POST /a HTTP/1.1\r\n\(Self.host)Content-Length: 1\r\nExpect: 100-continue\r\n\r\n")
            _ = try first.readRaw(through: Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            // The newcomer sends its request at once; the refusal must still reach it, not a reset.
            let second = try TestClient.connect(port: server.port)
            try second.send("GET /b HTTP/1.1\r\n\(Self.host)\r\n")
            let refused = try second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.text.contains(#""code":"server_busy""#))
            try first.send("x")
            #expect(try first.readResponse().text == "POST /a 1")
        }
    }

    @Test func anIdleConnectionMakesRoomForANewOneAtTheCap() throws {
        // One loop: each loop makes room among its own connections.
        let configuration = TestServer.configuration {
            $0.maxConnections = 1
            $0.threads = 1
        }
        try TestServer.run(configuration) { server in
            let idle = try TestClient.connect(port: server.port)
            try idle.send("GET /a HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try idle.readResponse().status == 200)
            let fresh = try TestClient.connect(port: server.port)
            try fresh.send("GET /b HTTP/1.1\r\n\(Self.host)\r\n")
            #expect(try fresh.readResponse().text == "GET /b 0")
            #expect(try idle.readToEnd().isEmpty, "the idle connection was closed to make room")
        }
    }

    @Test func everyRequestIsLoggedOnce() throws {
        let logs = LogCollector()
        try TestServer.run(log: logs.sink) { server in
            let client = try TestClient.connect(port: server.port)
            try client.send("GET /healthz?x=1 HTTP/1.1\r\n\(Self.host)\r\n")
            _ = try client.readResponse()
            try client.send("GET /bad path HTTP/1.1\r\n\r\n")
            _ = try client.readResponse()
        }
        let lines = logs.all
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("level=info msg=request method=GET path=/healthz status=200 dur_ms=") == true)
        #expect(lines.first?.hasSuffix(" bytes=18") == true)
        #expect(lines.last?.hasPrefix("level=info msg=rejected status=400 code=bad_request detail=") == true)
    }
}
