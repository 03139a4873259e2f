import Glibc
import Synchronization

/// Turns SIGTERM and SIGINT into a byte on a pipe (the self-pipe trick), so an ordinary thread can
/// wait for them whichever thread the kernel interrupts. Also ignores SIGPIPE for the whole process.
struct TerminationSignals {
    private let readEnd: Int32

    /// Installs the handlers; call before starting threads that should not see the signals' defaults.
    static func install() throws(SyscallError) -> TerminationSignals {
        var ends: [Int32] = [0, 0]
        try Syscall.call("pipe") { pipe(&ends) }
        for end in ends {
            try Syscall.addFlag(end, get: F_GETFD, set: F_SETFD, flag: FD_CLOEXEC)
        }
        try Syscall.addFlag(ends[1], get: F_GETFL, set: F_SETFL, flag: O_NONBLOCK)
        signalPipeWriteEnd.store(ends[1], ordering: .releasing)
        ignoreBrokenPipes()
        for signalNumber in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            try Syscall.call("sigaction") { sigaction(signalNumber, &action, nil) }
        }
        return TerminationSignals(readEnd: ends[0])
    }

    /// Writes to a closed peer report EPIPE instead of killing the process.
    static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Blocks until SIGTERM or SIGINT arrives; returns its name.
    func wait() -> String {
        var received: UInt8 = 0
        while true {
            let count = read(readEnd, &received, 1)
            if count == 1 { return Int32(received) == SIGINT ? "SIGINT" : "SIGTERM" }
            if count == -1, errno == EINTR { continue }
            return "SIGTERM"
        }
    }
}

/// Read by the signal handler; an atomic so the handler does nothing that is not async-signal-safe.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

private func forwardSignal(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
    errno = savedErrno
}
