import Foundation
import Glibc

/// The journal directory's files: names, listing, and the few durable file operations.
struct JournalFiles {
    let directory: String
    /// The newest snapshot's file name, if any.
    let snapshot: String?
    /// Segment file names at or after the snapshot, oldest first.
    let segments: [String]
    /// Everything older than the snapshot, and temp files: what an interrupted compaction left.
    let leftovers: [String]

    static let snapshotPrefix = "snapshot-"
    static let segmentPrefix = "journal-"
    static let suffix = ".log"

    static func name(_ prefix: String, _ number: Int) -> String {
        let digits = String(number)
        return prefix + String(repeating: "0", count: max(0, 12 - digits.count)) + digits + suffix
    }

    static func number(_ name: String, _ prefix: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return Int(name.dropFirst(prefix.count).dropLast(suffix.count))
    }

    init(directory: String) throws {
        self.directory = directory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        let snapshots = names.compactMap { name in Self.number(name, Self.snapshotPrefix).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        let segments = names.compactMap { name in Self.number(name, Self.segmentPrefix).map { ($0, name) } }.sorted { $0.0 < $1.0 }
        let base = snapshots.last?.0 ?? 0
        snapshot = snapshots.last?.1
        self.segments = segments.filter { $0.0 >= base }.map(\.1)
        leftovers = snapshots.dropLast().map(\.1) + segments.filter { $0.0 < base }.map(\.1)
            + names.filter { $0.hasSuffix(".tmp") }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func removeLeftovers() {
        for name in leftovers { unlink(path(name)) }
    }

    /// Deletes snapshots and segments older than `segment` (after a new snapshot replaced them).
    func removeHistory(before segment: Int) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let number = Self.number(name, Self.snapshotPrefix) ?? Self.number(name, Self.segmentPrefix)
            if let number, number < segment { unlink(path(name)) }
        }
        try? Self.syncDirectory(directory)
    }

    /// The last segment, opened for appending, or a new first one; with its number and size.
    func openForAppend() throws -> (Int32, Int, Int) {
        guard let last = segments.last, let number = Self.number(last, Self.segmentPrefix) else {
            let first = snapshot.flatMap { Self.number($0, Self.snapshotPrefix) } ?? 1
            let (fd, number) = try createSegment(first)
            return (fd, number, JournalFormat.magic.count)
        }
        let fd = try Syscall.call("open") { Glibc.open(path(last), O_WRONLY | O_APPEND | O_CLOEXEC) }
        let size = try Syscall.call("lseek") { lseek(fd, 0, SEEK_END) }
        if size < JournalFormat.magic.count {
            // Torn before its header was whole: start the file over.
            try Syscall.call("ftruncate") { ftruncate(fd, 0) }
            try Self.writeAll(fd, JournalFormat.magic)
            try Syscall.call("fdatasync") { fdatasync(fd) }
            return (fd, number, JournalFormat.magic.count)
        }
        return (fd, number, Int(size))
    }

    /// A new, empty segment with its header, durable in the directory.
    func createSegment(_ number: Int) throws -> (Int32, Int) {
        let file = path(Self.name(Self.segmentPrefix, number))
        let fd = try Syscall.call("open") { Glibc.open(file, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        try Self.writeAll(fd, JournalFormat.magic)
        try Syscall.call("fdatasync") { fdatasync(fd) }
        try Self.syncDirectory(directory)
        return (fd, number)
    }

    /// Writes `snapshot-<segment>.log` atomically; returns its size.
    func writeSnapshot(_ records: [[UInt8]], segment: Int) throws -> Int {
        let final = path(Self.name(Self.snapshotPrefix, segment))
        let temp = final + ".tmp"
        let fd = try Syscall.call("open") { Glibc.open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        defer { Syscall.close(fd) }
        var buffer = JournalFormat.magic
        var size = 0
        for record in records {
            buffer += JournalFormat.frame(record)
            if buffer.count >= 1 << 20 {
                try Self.writeAll(fd, buffer)
                size += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try Self.writeAll(fd, buffer)
        size += buffer.count
        try Syscall.call("fsync") { fsync(fd) }
        try Syscall.call("rename") { rename(temp, final) }
        try Self.syncDirectory(directory)
        return size
    }

    static func makeDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw JournalError("\(directory) exists and is not a directory") }
            return
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    static func read(_ path: String) throws -> [UInt8] {
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

    static func truncate(_ path: String, to length: Int) throws {
        let fd = try Syscall.call("open") { Glibc.open(path, O_WRONLY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        try Syscall.call("ftruncate") { ftruncate(fd, off_t(length)) }
        try Syscall.call("fsync") { fsync(fd) }
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SyscallError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SyscallError("write", errno: errno)
            }
            offset += n
        }
    }

    static func syncDirectory(_ directory: String) throws {
        let fd = try Syscall.call("open") { Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { Syscall.close(fd) }
        try Syscall.call("fsync") { fsync(fd) }
    }
}
