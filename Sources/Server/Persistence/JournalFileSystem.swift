/// The file operations the journal uses, and no others: the seam a test replaces with a file
/// system that can lose power. Paths are absolute or relative to the process; handles are
/// descriptors for appending (`openForAppend`) or for writing at offsets (`openForWriting`).
protocol JournalFileSystem: Sendable {
    /// Creates the directory (and its parents) unless it exists; fails if something else is there.
    func makeDirectory(_ path: String) throws
    /// Names in the directory (files and directories alike).
    func contents(ofDirectory path: String) throws -> [String]
    func exists(_ path: String) -> Bool
    func read(_ path: String) throws -> [UInt8]
    /// Up to `count` bytes from `offset` (fewer only at the end of the file): a file read a chunk at a time.
    func read(_ path: String, from offset: Int, count: Int) throws -> [UInt8]
    /// Opens a file for appending; with `create`, creates it or empties it first.
    func openForAppend(_ path: String, create: Bool) throws(SyscallError) -> Int32
    /// Opens a file for writing at offsets (no `O_APPEND`); with `create`, creates it or empties it first.
    func openForWriting(_ path: String, create: Bool) throws(SyscallError) -> Int32
    /// Appends all of `bytes` (one write as far as the file system allows).
    func append(_ handle: Int32, _ bytes: [UInt8]) throws(SyscallError)
    /// Writes all of `bytes` at `offset` (one write as far as the file system allows), over what
    /// is there or past the end.
    func write(_ handle: Int32, _ bytes: [UInt8], at offset: Int) throws(SyscallError)
    /// Writes zeros over `offset ..< end` (past the end of the file: it grows), out to the disk
    /// but not synced.
    func fill(_ handle: Int32, from offset: Int, to end: Int) throws(SyscallError)
    func size(_ handle: Int32) throws(SyscallError) -> Int
    func truncate(_ handle: Int32, to length: Int) throws(SyscallError)
    /// fdatasync: everything appended before it survives a power loss.
    func sync(_ handle: Int32) throws(SyscallError)
    func close(_ handle: Int32)
    /// Atomic within a directory; durable once the directory is synced.
    func rename(_ from: String, to: String) throws(SyscallError)
    /// A second name for the same bytes (a hard link).
    func link(_ existing: String, as new: String) throws(SyscallError)
    func remove(_ path: String)
    /// Makes creations, renames and removals in the directory durable.
    func syncDirectory(_ path: String) throws(SyscallError)
}

extension JournalFileSystem {
    /// From the whole file: for file systems in memory.
    func read(_ path: String, from offset: Int, count: Int) throws -> [UInt8] {
        let bytes = try read(path)
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + count)])
    }

    /// Writes a whole file atomically: a temp file, synced, renamed over `path`, the directory synced.
    func writeAtomically(_ path: String, directory: String, _ write: (Int32) throws -> Void) throws {
        let temp = path + ".tmp"
        let handle = try openForAppend(temp, create: true)
        do {
            try write(handle)
            try sync(handle)
        } catch {
            close(handle)
            remove(temp)
            throw error
        }
        close(handle)
        try rename(temp, to: path)
        try syncDirectory(directory)
    }
}
