import Glibc

/// glibc functions that the Swift Glibc module does not import (epoll, eventfd, accept4, malloc_trim), bound once
/// by name with dlsym and called through C function types, plus their ABI constants.
enum LinuxAPI {
    typealias EpollCreate1 = @convention(c) (Int32) -> Int32
    typealias EpollCtl = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias EpollWait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    typealias EventFD = @convention(c) (UInt32, Int32) -> Int32
    typealias Accept4 = @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32
    typealias MallocTrim = @convention(c) (Int) -> Int32

    static let epollCreate1 = bind("epoll_create1", as: EpollCreate1.self)
    static let epollCtl = bind("epoll_ctl", as: EpollCtl.self)
    static let epollWait = bind("epoll_wait", as: EpollWait.self)
    static let eventfd = bind("eventfd", as: EventFD.self)
    static let accept4 = bind("accept4", as: Accept4.self)
    /// Gives the heap's free pages back to the system (malloc.h, not in the Glibc module).
    static let mallocTrim = bind("malloc_trim", as: MallocTrim.self)

    static let epollIn: UInt32 = 0x001
    static let epollOut: UInt32 = 0x004
    static let epollErr: UInt32 = 0x008
    static let epollHup: UInt32 = 0x010
    static let epollRdHup: UInt32 = 0x2000
    static let epollCtlAdd: Int32 = 1
    static let epollCtlDel: Int32 = 2
    static let epollCtlMod: Int32 = 3

    /// struct epoll_event is packed on x86-64 (12 bytes) and naturally aligned elsewhere (16 bytes).
    #if arch(x86_64) || arch(i386)
    static let epollEventSize = 12
    static let epollDataOffset = 4
    #else
    static let epollEventSize = 16
    static let epollDataOffset = 8
    #endif

    /// Every glibc since 2.10 has these; a missing one is a broken platform, not a runtime condition.
    private static func bind<F>(_ name: String, as type: F.Type) -> F {
        guard let symbol = dlsym(nil, name) else { fatalError("glibc lacks \(name)") }
        return unsafeBitCast(symbol, to: type)
    }
}
