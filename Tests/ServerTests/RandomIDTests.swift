import Testing
@testable import Server

@Suite struct RandomIDTests {
    @Test func randomIDsAre32LowercaseHexDigits() {
        let id = RandomID.make()
        #expect(id.count == 32)
        #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(RandomID.make() != id)
    }
}
