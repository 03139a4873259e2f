import Glibc
import Synchronization
@testable import Server
import TestSupport

/// A file system in memory that can lose power. It keeps, per file, what was last synced
/// (fdatasync) and, per directory, which names were last synced (fsync of the directory); when
/// the power goes (at a chosen operation, or when told), everything else is lost except, per
/// file, a random prefix of the bytes written since its last sync, in the order they were
/// written (appends, writes in place, zeros filled ahead; a truncation in between counts once
/// the writes before it are kept): what a disk that writes in order may have got to. After that
/// every operation fails with EIO until `restarted` gives the file system as the next boot finds it.
final class SimulatedFileSystem: JournalFileSystem, Sendable {
    private enum Change {
        case write(offset: Int, bytes: [UInt8])
        case truncate(Int)
    }

    private struct File {
        var content: [UInt8] = []
        var durable: [UInt8] = []
        /// What changed `durable` into `content`, in order.
        var unsynced: [Change] = []

        /// `bytes` at `offset` (zeros in any gap past the end).
        static func apply(_ bytes: ArraySlice<UInt8>, at offset: Int, to content: inout [UInt8]) {
            if content.count < offset { content += [UInt8](repeating: 0, count: offset - content.count) }
            let overlap = min(bytes.count, content.count - offset)
            content.replaceSubrange(offset..<(offset + overlap), with: bytes.prefix(overlap))
            content += bytes.dropFirst(overlap)
        }

        mutating func write(_ bytes: [UInt8], at offset: Int) {
            Self.apply(bytes[...], at: offset, to: &content)
            unsynced.append(.write(offset: offset, bytes: bytes))
        }

        mutating func truncate(_ length: Int) {
            content = Array(content.prefix(length))
            unsynced.append(.truncate(length))
        }

        /// The durable bytes with the first `kept` bytes of the unsynced writes applied.
        func afterPowerLoss(keeping kept: Int) -> [UInt8] {
            var result = durable
            var left = kept
            for change in unsynced {
                switch change {
                case let .write(offset, bytes):
                    guard left > 0 else { return result }
                    Self.apply(bytes.prefix(left), at: offset, to: &result)
                    left -= min(left, bytes.count)
                case let .truncate(length):
                    result = Array(result.prefix(length))
                }
            }
            return result
        }

        var unsyncedBytes: Int {
            unsynced.reduce(0) { total, change in if case let .write(_, bytes) = change { total + bytes.count } else { total } }
        }
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
        /// A disk that fails (`inject`), the power staying on.
        var fault: Fault?
        var random: SplitMix64
    }

    /// A failing disk: every write (zeros filled ahead included) or every fdatasync fails with
    /// `errno` from now on, until `restarted`. A write fails as a full disk's does: part of its
    /// bytes reach the file, then the error.
    enum Fault: Sendable {
        case write(errno: Int32)
        case sync(errno: Int32)
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

    /// The power goes at that operation (counted as `operations` counts them).
    func fail(at operation: Int) { state.withLock { $0.failAt = operation } }

    /// Cuts the power now.
    func powerOff() { state.withLock { $0.poweredOff = true } }

    /// The disk fails from now on (nil: it works again).
    func inject(_ fault: Fault?) { state.withLock { $0.fault = fault } }

    /// The file system the next boot finds: synced bytes and names, plus a random prefix of
    /// each file's unsynced writes; the power comes back, to fail again at `failAt` operations
    /// from now.
    func restarted(failAt: Int?) -> SimulatedFileSystem {
        state.withLock { old in
            var next = State(random: old.random)
            next.nextFile = old.nextFile
            for (id, file) in old.files.sorted(by: { $0.key < $1.key }) {     // in a fixed order: the draws are seeded
                var kept = file.durable
                if !file.unsynced.isEmpty {
                    kept = file.afterPowerLoss(keeping: next.random.next(upTo: file.unsyncedBytes + 1))
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
        try open(path, create: create)
    }

    func openForWriting(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        try open(path, create: create)
    }

    private func open(_ path: String, create: Bool) throws(SyscallError) -> Int32 {
        try locked { state throws(SyscallError) in
            let id: Int
            if let existing = state.names[path] {
                id = existing
                if create { state.files[id]?.truncate(0) }
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
        try write(handle, bytes, at: nil)
    }

    func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int) throws(SyscallError) {
        try write(handle, bytes, at: .some(offset))
    }

    func fill(_ handle: Int32, from offset: Int, to end: Int) throws(SyscallError) {
        try write(handle, [UInt8](repeating: 0, count: max(0, end - offset)), at: offset)
    }

    /// At `offset`, or at the end of the file.
    private func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int?) throws(SyscallError) {
        try state.withLock { (state: inout State) throws(SyscallError) in
            guard !state.poweredOff else { throw Self.eio }
            guard let id = state.handles[handle], let file = state.files[id] else { throw SyscallError("write", errno: EBADF) }
            let position = offset ?? file.content.count
            state.operations += 1
            if let failAt = state.failAt, state.operations >= failAt {
                // The power goes in the middle of this write: part of it (not all: the write
                // fails) reached the page cache.
                let torn = state.random.next(upTo: bytes.count)
                state.files[id]?.write(Array(bytes.prefix(torn)), at: position)
                state.poweredOff = true
                throw Self.eio
            }
            if case let .write(errno) = state.fault {
                state.files[id]?.write(Array(bytes.prefix(bytes.count / 2)), at: position)
                throw SyscallError("write", errno: errno)
            }
            state.files[id]?.write(bytes, at: position)
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
            state.files[id]?.truncate(length)
        }
    }

    func sync(_ handle: Int32) throws(SyscallError) {
        try locked { state throws(SyscallError) in
            guard let id = state.handles[handle], let file = state.files[id] else { throw SyscallError("fdatasync", errno: EBADF) }
            if case let .sync(errno) = state.fault { throw SyscallError("fdatasync", errno: errno) }
            state.files[id]?.durable = file.content
            state.files[id]?.unsynced = []
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
