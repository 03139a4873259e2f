import Glibc
import Routes

/// A failed write or sync of the journal tells a full disk apart, so that clients are told so
/// (507 `journal_full`).
extension SyscallError: JournalFailure {
    var isOutOfSpace: Bool { errno == ENOSPC || errno == EDQUOT }
}
