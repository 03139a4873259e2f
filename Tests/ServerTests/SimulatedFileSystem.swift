import Glibc
import Synchronization
@testable import Server
import TestSupport

/// A file system in memory that can lose power. It keeps, per file, what was last synced
/// (fdatasync) and, per directory, which names were last synced (fsync of the directory); when
/// the power goes (at a chosen operation, or when told), everything else is lost except, per
/// file, a random prefix of the bytes appended since its last sync: what a disk that writes in
/// order may have got to. After that every operation fails with EIO until `restarted` gives
/// the file system as the next boot finds it.
final class SimulatedFileSystem: JournalFileSystem, Sendable {
    private struct File {
        var content: [UInt8] = []
        var durable: [UInt8] = []
    }

    private struct State {
        var files: [Int: File] = [:]
        /// Path → file, as seen now and as a power loss would leave it.
        var names: [String: Int] = [:]
        var durableNames: [String: Int] = [:]
        var directories: Set<String> = []
        var durableDirectories: Set<String> = []
        var handles: [Int32: Int] = [:]
        var nextFile = 1
        var nextHandle: Int32 = 3
        var operations = 0
        /// The power goes at this operation (which then fails, an append having torn).
        var failAt: Int?
        var poweredOff = false
        var random: SplitMix64
    }

    private let state: Mutex<State>

    init(seed: UInt64, failAt: Int? = nil) {
        state = Mutex(State(failAt: failAt, random: SplitMix64(seed: seed)))
    }

    private init(state: State) {
        self.state = Mutex(state)
    }

    var operations: Int { state.withLock { $0.operations } }
    var poweredOff: Bool { state.withLock { $0.poweredOff } }

    /// Cuts the power now.
    func powerOff() { state.withLock { $0.poweredOff = true } }

    /// The file system the next boot finds: synced bytes and names, plus a random prefix of
    /// each file's unsynced appends; the power comes back, to fail again at `failAt` operations
    /// from now.
    func restarted(failAt: Int?) -> SimulatedFileSystem {
        state.withLock { old in
            var next = State(random: old.random)
            next.nextFile = old.nextFile
            for (id, file) in old.files.sorted(by: { $0.key < $1.key }) {     // in a fixed order: the draws are seeded
                var kept = file.durable
                if file.content.count > file.durable.count, Array(file.content.prefix(file.durable.count)) == file.durable {
                    let extra = next.random.next(upTo: file.content.count - file.durable.count + 1)
                    kept = Array(file.content.prefix(file.durable.count + extra))
                }
                next.files[id] = File(content: kept, durable: kept)
            }
            next.names = old.durableNames
            next.durableNames = old.durableNames
            next.directories = old.durableDirectories
            next.durableDirectories = old.durableDirectories
            next.failAt = failAt
            return SimulatedFileSystem(state: next)
        }
    }

    /// Puts `bytes` in place of a file's contents, durably (what a disk's damage does).
    func replace(_ path: String, with bytes: [UInt8]) {
        state.withLock { state in
            guard let id = state.names[path] else { return }
            state.files[id] = File(content: bytes, durable: bytes)
        }
    }

    /// Bytes of a file as they are now (for the tests' own checks).
    func contents(_ path: String) -> [UInt8]? {
        state.withLock { state in state.names[path].flatMap { state.files[$0]?.content } }
    }

    // MARK: Operations

    private static let eio = SyscallError("simulated power loss", errno: EIO)

    /// Counts an operation; fails when the power is off or goes now.
    private func step<T: Sendable>(_ state: inout State, _ body: (inout State) throws(SyscallError) -> T) throws(SyscallError) -> T {
        guard !state.poweredOff else { throw Self.eio }
        state.operations += 1
        if let failAt = state.failAt, state.operations >= failAt {
            state.poweredOff = true
            throw Self.eio
        }
        return try body(&state)
    }

    private func locked<T: Sendable>(_ body: (inout State) throws(SyscallError) -> T) throws(SyscallError) -> T {
        try state.withLock { (state: inout State) throws(SyscallError) -> T in try step(&state, body) }
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    private static let enoent = SyscallError("open", errno: ENOENT)

    func makeDirectory(_ path: String) throws {
        try locked { state throws(SyscallError) in
            var index = path.startIndex
            while let slash = path[index...].dropFirst().firstIndex(of: "/") {
                state.directories.insert(String(path[..<slash]))
                index = slash
            }
            state.directories.insert(path)
        }
    }

    func contents(ofDirectory path: String) throws -> [String] {
        try locked { state throws(SyscallError) in
            guard state.directories.contains(path) else { throw Self.enoent }
            let prefix = path + "/"
            let entries = state.names.keys.filter { $0.hasPrefix(prefix) } + state.directories.filter { $0.hasPrefix(prefix) }
            return entries.map { String($0.dropFirst(prefix.count)) }.filter { !$0.contains("/") }.sorted()
        }
    }

    func exists(_ path: String) -> Bool {
        state.withLock { $0.names[path] != nil || $0.directories.contains(path) }
    }

    func read(_ path: String) throws -> [UInt8] {
        try locked { state throws(SyscallError) in
            guard let id = state.names[path], let file = state.files[id] else { throw Self.enoent }
            return file.content
        }
    }

    func openForAppend(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        try locked { state throws(SyscallError) in
            let id: Int
            if let existing = state.names[path] {
                id = existing
                if create { state.files[id]?.content = [] }
            } else {
                guard create, state.directories.contains(Self.parent(path)) else { throw Self.enoent }
                id = state.nextFile
                state.nextFile += 1
                state.files[id] = File()
                state.names[path] = id
            }
            let handle = state.nextHandle
            state.nextHandle += 1
            state.handles[handle] = id
            return handle
        }
    }

    func append(_ handle: Int32, _ bytes: [UInt8]) throws(SyscallError) {
        try state.withLock { (state: inout State) throws(SyscallError) in
            guard !state.poweredOff else { throw Self.eio }
            guard let id = state.handles[handle] else { throw SyscallError("write", errno: EBADF) }
            state.operations += 1
            if let failAt = state.failAt, state.operations >= failAt {
                // The power goes in the middle of this write: part of it (not all: the write
                // fails) reached the page cache.
                let torn = state.random.next(upTo: bytes.count)
                state.files[id]?.content += bytes.prefix(torn)
                state.poweredOff = true
                throw Self.eio
            }
            state.files[id]?.content += bytes
        }
    }

    func size(_ handle: Int32) throws(SyscallError) -> Int {
        try locked { state throws(SyscallError) in
            guard let id = state.handles[handle] else { throw SyscallError("lseek", errno: EBADF) }
            return state.files[id]?.content.count ?? 0
        }
    }

    func truncate(_ handle: Int32, to length: Int) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            guard let id = state.handles[handle] else { throw SyscallError("ftruncate", errno: EBADF) }
            let content = state.files[id]?.content ?? []
            state.files[id]?.content = Array(content.prefix(length))
        }
    }

    func sync(_ handle: Int32) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            guard let id = state.handles[handle], let file = state.files[id] else { throw SyscallError("fdatasync", errno: EBADF) }
            state.files[id]?.durable = file.content
        }
    }

    func close(_ handle: Int32) {
        _ = state.withLock { $0.handles.removeValue(forKey: handle) }
    }

    func rename(_ from: String, to: String) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            guard let id = state.names.removeValue(forKey: from) else { throw SyscallError("rename", errno: ENOENT) }
            state.names[to] = id
        }
    }

    func link(_ existing: String, as new: String) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            guard let id = state.names[existing] else { throw SyscallError("link", errno: ENOENT) }
            guard state.names[new] == nil else { throw SyscallError("link", errno: EEXIST) }
            state.names[new] = id
        }
    }

    func remove(_ path: String) {
        _ = try? locked { state throws(SyscallError) in state.names.removeValue(forKey: path) }
    }

    func syncDirectory(_ path: String) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            let prefix = path + "/"
            func inDirectory(_ name: String) -> Bool { name.hasPrefix(prefix) && !name.dropFirst(prefix.count).contains("/") }
            state.durableNames = state.durableNames.filter { !inDirectory($0.key) }
            for (name, id) in state.names where inDirectory(name) { state.durableNames[name] = id }
            state.durableDirectories.insert(path)
            for directory in state.directories where inDirectory(directory) { state.durableDirectories.insert(directory) }
        }
    }
}

extension SplitMix64 {
    /// 0 ..< bound.
    mutating func next(upTo bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}
