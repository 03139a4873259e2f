import Testing
@testable import HTTP1

/// The byte classes, all 256 bytes, against the character lists written out from the RFCs.
@Suite struct HTTPSyntaxTests {
    static let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    static let digits = "0123456789"

    @Test func tokenBytesAreTcharOfRFC9110() {
        let tchar = Set((Self.letters + Self.digits + "!#$%&'*+-.^_`|~").utf8)
        for byte in UInt8.min ... UInt8.max {
            #expect(HTTPSyntax.isTokenByte(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }

    @Test func targetBytesArePcharAndQueryOfRFC3986() {
        let unreserved = Self.letters + Self.digits + "-._~"
        let subDelims = "!$&'()*+,;="
        let allowed = Set((unreserved + subDelims + ":@/?").utf8)
        for byte in UInt8.min ... UInt8.max {
            #expect(HTTPSyntax.isTargetByte(byte) == allowed.contains(byte), "byte \(byte)")
        }
    }
}
