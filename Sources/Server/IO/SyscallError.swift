import Glibc

/// A failed system call: which one and its errno, so start-up failures and loop errors say exactly what broke.
struct SyscallError: Error, Equatable, CustomStringConvertible {
    var call: String
    var errno: Int32

    init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    var description: String {
        let message = strerror(errno).map { String(cString: $0) } ?? "errno \(errno)"
        return "\(call): \(message)"
    }
}
