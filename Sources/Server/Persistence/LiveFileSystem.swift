import Foundation
import Glibc

/// The journal's file operations on the real file system, each one system call (EINTR retried).
struct LiveFileSystem: JournalFileSystem {
    func makeDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw JournalError("\(path) exists and is not a directory") }
            return
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func contents(ofDirectory path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    func read(_ path: String) throws -> [UInt8] {
        let fd = try Syscall.call("open") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress, buffer.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SyscallError("read", errno: errno)
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    func read(_ path: String, from offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        let fd = try Syscall.call("open") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { buffer in pread(fd, buffer.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SyscallError("read", errno: errno)
            }
            if n == 0 { break }
            done += n
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    func openForAppend(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        let flags = O_WRONLY | O_APPEND | O_CLOEXEC | (create ? O_CREAT | O_TRUNC : 0)
        return try Syscall.call("open") { Glibc.open(path, flags, 0o644) }
    }

    func openForWriting(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        let flags = O_WRONLY | O_CLOEXEC | (create ? O_CREAT | O_TRUNC : 0)
        return try Syscall.call("open") { Glibc.open(path, flags, 0o644) }
    }

    func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int) throws(SyscallError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in pwrite(handle, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SyscallError("write", errno: errno)
            }
            done += n
        }
    }

    /// In pieces of 64 KiB, each synced before the next, so that a concurrent fdatasync of the
    /// same file (a batch's) finds at most one piece of zeros still to write.
    func fill(_ handle: Int32, from offset: Int, to end: Int) throws(SyscallError) {
        let piece = 64 << 10
        let zeros = [UInt8](repeating: 0, count: piece)
        var position = offset
        while position < end {
            let count = min(piece, end - position)
            try write(handle, count == piece ? zeros : Array(zeros[0..<count]), at: position)
            try sync(handle)
            position += count
        }
    }

    func append(_ handle: Int32, _ bytes: [UInt8]) throws(SyscallError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in Glibc.write(handle, buffer.baseAddress! + offset, buffer.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SyscallError("write", errno: errno)
            }
            offset += n
        }
    }

    func size(_ handle: Int32) throws(SyscallError) -> Int {
        Int(try Syscall.call("lseek") { lseek(handle, 0, SEEK_END) })
    }

    func truncate(_ handle: Int32, to length: Int) throws(SyscallError) {
        try Syscall.call("ftruncate") { ftruncate(handle, off_t(length)) }
    }

    func sync(_ handle: Int32) throws(SyscallError) {
        try Syscall.call("fdatasync") { fdatasync(handle) }
    }

    func close(_ handle: Int32) {
        Syscall.close(handle)
    }

    func rename(_ from: String, to: String) throws(SyscallError) {
        try Syscall.call("rename") { Glibc.rename(from, to) }
    }

    func link(_ existing: String, as new: String) throws(SyscallError) {
        try Syscall.call("link") { Glibc.link(existing, new) }
    }

    func remove(_ path: String) {
        unlink(path)
    }

    func syncDirectory(_ path: String) throws(SyscallError) {
        let fd = try Syscall.call("open") { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        try Syscall.call("fsync") { fsync(fd) }
    }
}
