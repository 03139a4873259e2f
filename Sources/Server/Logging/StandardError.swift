import Glibc

/// Where log lines go: stderr, one write(2) per line so lines from several threads never interleave
/// and logging costs one syscall per request.
enum StandardError {
    static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(.lf)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(STDERR_FILENO, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written == -1, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// A log destination, injected so tests can capture lines instead of printing them.
typealias LogSink = @Sendable (String) -> Void
