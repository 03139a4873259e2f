import Testing
@testable import Server
@Test func placeholder() { #expect(1 + 1 == 2) }
