import Glibc

/// Where log lines go: stderr, one write(2) per call so lines from several threads never interleave;
/// an event loop's call carries the lines of a whole batch of requests (at most PIPE_BUF bytes, or
/// one longer line), so logging costs one syscall per batch. The text and its newline are put
/// together on the stack (in a heap buffer only when long), so writing allocates nothing.
enum StandardError {
    static func write(_ line: String) {
        var line = line
        line.withUTF8 { text in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count + 1) { buffer in
                guard let base = buffer.baseAddress else { return }
                if let source = text.baseAddress { base.initialize(from: source, count: text.count) }
                base[text.count] = .lf
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(STDERR_FILENO, base + offset, buffer.count - offset)
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
    }
}

