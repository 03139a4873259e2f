import Foundation
import Routes
import Synchronization
import Testing
@testable import Server

/// The damage test: a journal of nine interleaved sessions (all four controls, one of them
/// deleted again); one byte flipped at a time in the segment (its records and the zeros filled
/// ahead of them) and in a snapshot after a compaction; each copy opened and replayed into a
/// fresh router. Every time the server starts, every session whose records are intact answers
/// byte for byte as before, the one session the byte belongs to (none for a file header, for the
/// record of a built-in control's definition, which the server has itself, or for a byte in the
/// zeros, which belongs to no record) answers `session_damaged`, and nothing is served stale or
/// goes missing.
///
/// Which bytes (`Coverage`): by default a fixed sample, every field of every record at its first
/// and last byte and its payload at three, and a few bytes of the zeros; with
/// `CONTROLSIM_EXHAUSTIVE=1` (a step of `.ci/run` of its own) every byte of the records, every
/// byte of the first 4 KiB of zeros and a stride through the rest; with `CONTROLSIM_EXHAUSTIVE=every`
/// (a nightly run) every byte of the file.
///
/// How: sampled, every flipped copy is restarted and every session asked. Exhaustive, every copy
/// is scanned (`JournalFormat.scan`, what the reader hands the replay) and the scan checked
/// against the damage rules (`scanned`); a copy is restarted and every session asked when its
/// scan comes out as no restarted copy's did (`signature`), and at least once in every 4 KiB of
/// the file as a spot check; the rest are decided from their scan, since equal scans replay
/// alike. The untouched records around the flip are so replayed once per distinct outcome, not
/// once per flip.
@Suite("Journal damage: bytes of a segment (its zeros too) and of a snapshot flipped one at a time")
struct JournalDamageTests {
    static let sessions = (1...9).map { "s\($0)" }
    static let deleted = "s9"
    static let segment = JournalHarness.directory + "/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)

    static let creates = [
        #"{"control":"switch"}"#,
        #"{"control":"button","config":{"effects":[{"type":"scale","mode":"hold"}]}}"#,
        #"{"control":"card"}"#,
        #"{"control":"progressButton"}"#,
        #"{"control":"switch","config":{"animation":{"type":"spring","spring":{"response":0.3,"dampingRatio":0.75}}}}"#,
        #"{"control":"button","config":{"changesSelectionAsPrimaryAction":true}}"#,
        #"{"control":"card","config":{"release":"velocity"}}"#,
        #"{"control":"progressButton","clock":"wall"}"#,
        #"{"control":"switch"}"#,
    ]

    /// Event batches, interleaved across the sessions.
    static let batches: [(String, String)] = [
        ("s1", #"{"type":"tap","t":0,"x":25,"y":15}"#),
        ("s3", #"{"type":"drag","t":0,"from":{"x":100,"y":800},"to":{"x":100,"y":600},"duration":0.1}"#),
        ("s2", #"{"events":[{"type":"touchDown","t":0,"x":5,"y":5},{"type":"touchUp","t":0.2,"x":5,"y":5}]}"#),
        ("s4", #"{"type":"start","t":0.1,"startRatio":0.2}"#),
        ("s5", #"{"type":"tap","t":0.05,"x":25,"y":15}"#),
        ("s9", #"{"type":"tap","t":0,"x":25,"y":15}"#),
        ("s6", #"{"type":"tap","t":0,"x":100,"y":25}"#),
        ("s7", #"{"type":"drag","t":0.2,"from":{"x":100,"y":800},"to":{"x":100,"y":600},"duration":0.25}"#),
        ("s8", #"{"type":"start","t":0,"startRatio":0}"#),
        ("s1", #"{"type":"setOn","t":0.5,"on":false,"animated":true}"#),
        ("s4", #"{"type":"pause","t":0.6}"#),
        ("s3", #"{"type":"toggle","t":0.7}"#),
        ("s2", #"{"type":"setSelected","t":0.4,"selected":true}"#),
        ("s5", #"{"type":"setOn","t":0.3,"on":true,"animated":true}"#),
        ("s6", #"{"type":"setEnabled","t":0.5,"enabled":false}"#),
    ]

    /// What every session answers, and what it holds.
    struct Expected {
        /// `GET /v1/sessions/{id}` (the deleted one: 404).
        var resources: [String: [UInt8]] = [:]
        /// A window of frames.
        var frames: [String: [UInt8]] = [:]
        /// Its configuration and every event, as a compaction writes them: equal histories give
        /// equal frames (frames are a function of the configuration and the events).
        var histories: [String: [JournalEntry]] = [:]

        init(_ harness: JournalHarness, framesToo: Bool) {
            let snapshot = harness.router.snapshot()
            for id in sessions {
                resources[id] = harness.get("/v1/sessions/\(id)").body
                if framesToo { frames[id] = harness.get("/v1/sessions/\(id)/frames?from=0&to=1.5&fps=20").body }
                histories[id] = snapshot.filter { $0.session == id }
            }
        }
    }

    /// The journal as the sessions above leave it, with the answers they give.
    static func built() throws -> (files: SimulatedFileSystem, expected: Expected) {
        let files = SimulatedFileSystem(seed: 1)
        let counter = SequentialIDs()
        let harness = try JournalHarness(files: files, ids: { counter.next() })
        for body in creates { try #require(harness.answer("POST", "/v1/sessions", body)?.status == 201) }
        for (id, body) in batches {
            let answer = harness.answer("POST", "/v1/sessions/\(id)/events", body)
            try #require(answer?.status == 200, "\(id) \(body): \(String(decoding: answer?.body ?? [], as: UTF8.self))")
        }
        try #require(harness.answer("DELETE", "/v1/sessions/\(deleted)")?.status == 204)
        let expected = Expected(harness, framesToo: true)
        try #require(expected.resources.count == 9)
        try #require(expected.frames.filter { $0.key != deleted }.values.allSatisfy { $0.count > 1000 })
        try #require(expected.histories[deleted] == [])
        return (files, expected)
    }

    /// The records of a file's bytes (without zeros after them), read from the format as
    /// documented (not by the code under test): where each is, its key, its payload, and its
    /// fields as `docs/journal.md` lists them (marker, kind, key length, payload length, key,
    /// header CRC, payload, payload CRC, then the trailer's length, kind, key, key length, CRC and
    /// end marker).
    static func records(_ bytes: [UInt8]) -> [(range: Range<Int>, key: String, payload: String, fields: [Range<Int>])] {
        var records: [(range: Range<Int>, key: String, payload: String, fields: [Range<Int>])] = []
        var offset = 8
        while offset < bytes.count {
            let keyLength = Int(bytes[offset + 5])
            let payloadLength = (0..<4).reduce(0) { $0 | Int(bytes[offset + 6 + $1]) << (8 * $1) }
            let key = String(decoding: bytes[(offset + 10)..<(offset + 10 + keyLength)], as: UTF8.self)
            let size = 32 + 2 * keyLength + payloadLength
            let payload = String(decoding: bytes[(offset + 14 + keyLength)..<(offset + 14 + keyLength + payloadLength)], as: UTF8.self)
            var fields: [Range<Int>] = []
            var start = offset
            for length in [4, 1, 1, 4, keyLength, 4, payloadLength, 4, 4, 1, keyLength, 1, 4, 4] {
                fields.append(start..<(start + length))
                start += length
            }
            precondition(start == offset + size)
            records.append((offset..<(offset + size), key, payload, fields))
            offset += size
        }
        return records
    }

    /// The key each byte's record is framed under (`records`): nil for the file header; whether
    /// a later record of the session deletes it; whether it is a definition's record (keyed
    /// `definition:<digest>`).
    static func owners(_ bytes: [UInt8]) -> [Owner?] {
        var owners = [Owner?](repeating: nil, count: bytes.count)
        let records = records(bytes)
        for (index, record) in records.enumerated() {
            let deletedLater = records[(index + 1)...].contains { $0.key == record.key && $0.payload.hasPrefix(#"{"op":"delete""#) }
            let payloadStart = record.range.lowerBound + 14 + record.key.utf8.count
            let payload = payloadStart..<(record.range.upperBound - 18 - record.key.utf8.count)
            for byte in record.range {
                owners[byte] = Owner(session: record.key, deletedLater: deletedLater, isDefinition: record.key.hasPrefix("definition:"),
                                     payloadIndex: payload.contains(byte) ? byte - payload.lowerBound : nil)
            }
        }
        return owners
    }

    struct Owner {
        var session: String
        var deletedLater: Bool
        var isDefinition: Bool
        /// Where the byte is in its record's payload (nil in the framing).
        var payloadIndex: Int?

        /// A definition's payload is flipped at every `definitionPayloadStride`-th byte.
        var isSkipped: Bool {
            guard isDefinition, let payloadIndex else { return false }
            return payloadIndex % JournalDamageTests.definitionPayloadStride != 0
        }
    }

    /// 1: every byte (in an exhaustive run). `JOURNAL_DAMAGE_STRIDE=n` flips a built-in
    /// definition's payload (two thirds of the file, every byte of it read by one path) at every
    /// n-th byte only, its framing still at every one, for a quicker exhaustive run while iterating.
    static let definitionPayloadStride = max(1, Int(ProcessInfo.processInfo.environment["JOURNAL_DAMAGE_STRIDE"] ?? "") ?? 1)

    /// Which bytes are flipped (`CONTROLSIM_EXHAUSTIVE`).
    enum Coverage {
        /// Every field of every record at its first and last byte, its payload also at one byte
        /// within; the file header; in the zeros, their first bytes and a few spread to the end.
        case sampled
        /// Every byte of the records; in the zeros, every byte of the first 4 KiB and a stride
        /// through the rest.
        case exhaustive
        /// Every byte of the file.
        case everyByte

        static let current: Coverage = switch ProcessInfo.processInfo.environment["CONTROLSIM_EXHAUSTIVE"] {
        case "every": .everyByte
        case .some(let value) where !value.isEmpty && value != "0": .exhaustive
        default: .sampled
        }
    }

    /// The offsets of `bytes` (a file, zeros after its records included) that `coverage` flips.
    static func offsets(_ bytes: [UInt8], coverage: Coverage) -> [Int] {
        let end = bytes.count - bytes.reversed().prefix { $0 == 0 }.count
        let records = records(Array(bytes[0..<end]))
        var inRecords: [Int]
        var inZeros: [Int]
        switch coverage {
        case .sampled:
            inRecords = Array(0..<8)
            for record in records {
                for field in record.fields where !field.isEmpty { inRecords += [field.lowerBound, field.upperBound - 1] }
                // The payload at one byte within, a different place in each record.
                let payload = record.fields[6]
                if payload.count > 2 { inRecords.append(payload.lowerBound + 1 + record.range.lowerBound % (payload.count - 2)) }
            }
            inZeros = [end, end + 1, end + 3, end + 4095, (end + bytes.count) / 2, bytes.count - 1]
        case .exhaustive:
            inRecords = Array(0..<end)
            inZeros = Array(end..<min(bytes.count, end + 4096)) + Array(stride(from: end + 4096, to: bytes.count, by: 4093)) + [bytes.count - 1]
        case .everyByte:
            inRecords = Array(0..<end)
            inZeros = Array(end..<bytes.count)
        }
        return Array(Set((inRecords + inZeros).filter { $0 >= 0 && $0 < bytes.count })).sorted()
    }

    struct Outcomes: CustomStringConvertible, Sendable {
        var offsets = 0
        /// Offsets whose copy was restarted and every session asked (the rest: decided from the scan).
        var restarts = 0
        var headerOffsets = 0
        var definitionOffsets = 0
        var damagedAsExpected = 0
        var deletedAnyway = 0
        var zeroOffsets = 0

        static func + (a: Outcomes, b: Outcomes) -> Outcomes {
            Outcomes(offsets: a.offsets + b.offsets, restarts: a.restarts + b.restarts, headerOffsets: a.headerOffsets + b.headerOffsets,
                     definitionOffsets: a.definitionOffsets + b.definitionOffsets,
                     damagedAsExpected: a.damagedAsExpected + b.damagedAsExpected, deletedAnyway: a.deletedAnyway + b.deletedAnyway,
                     zeroOffsets: a.zeroOffsets + b.zeroOffsets)
        }

        var description: String {
            "\(offsets) offsets flipped (\(restarts) restarted and every session asked, \(offsets - restarts) decided "
                + "from the scan of their copy, which came out as one restarted before): "
                + "\(headerOffsets) in the file header (every session intact), "
                + "\(definitionOffsets) in records of built-in definitions (every session intact), "
                + "\(damagedAsExpected) in records (the owning session session_damaged, every other one byte-identical), "
                + "\(deletedAnyway) in records of a session deleted later (404 as before, every other one byte-identical), "
                + "\(zeroOffsets) in the zeros after the records (noise: every session intact)"
        }
    }

    /// The offsets are shared out among this many test cases, which run in parallel.
    static let chunks = 4

    /// The offsets of `chosen` that test case `chunk` flips: every `chunks`-th when sampled; a
    /// run of neighbours otherwise, so the flips of one record (which mostly scan alike) fall to
    /// one case.
    static func share(_ chosen: [Int], chunk: Int, coverage: Coverage = .current) -> [Int] {
        guard coverage != .sampled else { return chosen.enumerated().filter { $0.offset % chunks == chunk }.map(\.element) }
        return Array(chosen[(chosen.count * chunk / chunks)..<(chosen.count * (chunk + 1) / chunks)])
    }

    /// What the restart of a copy depends on, from the scan of that copy: its items in order (an
    /// intact record by place, length, kind and key; a damaged span whole, noise without its
    /// offset, which `scanned` checks on its own), where its data ends (after noise: just after
    /// it, left out too) and what is torn off. Two
    /// copies whose scans come out alike replay alike: the reader hands the replay the scan's
    /// items (streamed up to the first damage, from the scan after it), and the intact records
    /// are the original's bytes (`scanned` checks that none holds the flipped byte).
    static func signature(_ scan: JournalScan) -> String {
        let items = scan.items.map { item -> String in
            switch item {
            case let .record(record): return "record \(record.offset) \(record.length) \(record.kind) \(record.key)"
            case var .damage(damage):
                if damage.noise { damage.offset = -1 }
                return "\(damage)"
            }
        }
        // Noise moves the data's end to just after it (a damaged segment is not appended to).
        let end = scan.damage.contains(where: \.noise) ? -1 : scan.end ?? -1
        return "v\(scan.version) end \(end) torn \(scan.tornTail ?? -1) newer \(scan.newerVersion ?? -1) | "
            + items.joined(separator: " | ")
    }

    /// Checks the scan of a copy with `offset` flipped, as the damage rules promise it: one damaged
    /// span, naming only the record the byte belongs to (none for the file header or the zeros),
    /// attributed; noise exactly when the byte is in the zeros, reported where it is; every other
    /// record of the original intact, at its place.
    static func scanned(_ scan: JournalScan, offset: Int, owner: Owner?, end: Int, records: [Range<Int>]) {
        let damage = scan.damage
        #expect(damage.count == 1, "offset \(offset): \(damage)")
        guard let span = damage.first else { return }
        #expect(span.sessions == (owner.map { [$0.session] } ?? []), "offset \(offset): \(span)")
        #expect(span.attributed, "offset \(offset): \(span)")
        #expect(span.noise == (offset >= end), "offset \(offset): \(span)")
        if span.noise { #expect(span.offset == offset && span.length == 1, "offset \(offset): \(span)") }
        let intact = scan.records.map { $0.offset..<($0.offset + $0.length) }
        #expect(intact == records.filter { !$0.contains(offset) }, "offset \(offset)")
        #expect(scan.tornTail == nil, "offset \(offset)")
    }

    /// Flips the bytes of `file` that `coverage` names whose place in that list is `chunk` modulo
    /// `chunks`, in turn, and checks each restart.
    static func flipBytes(of file: String, chunk: Int, in files: SimulatedFileSystem, expected: Expected,
                          live: [String], coverage: Coverage = .current) throws -> Outcomes {
        let original = try #require(files.contents(file))
        let end = original.count - original.reversed().prefix { $0 == 0 }.count
        var owners = owners(Array(original[0..<end]))
        #expect(owners.filter { $0 != nil }.count == end - 8)
        // The four built-ins' definitions are in the file, each once.
        #expect(Set(owners.compactMap { $0?.isDefinition == true ? $0?.session : nil }).count == 4)
        owners += [Owner?](repeating: nil, count: original.count - end)
        let chosen = share(offsets(original, coverage: coverage), chunk: chunk, coverage: coverage)
        let records = Self.records(Array(original[0..<end])).map(\.range)
        let isSnapshot = file.contains(JournalFiles.snapshotPrefix)
        // Exhaustive runs restart a copy when its scan comes out as no restarted copy's did, and
        // at least once in every 4 KiB of the file; every other flip is decided from its scan.
        var restartedScans: Set<String> = []
        var restartedBlocks: Set<Int> = []
        var outcomes = Outcomes()
        for offset in chosen where owners[offset]?.isSkipped != true {
            outcomes.offsets += 1
            count(owners[offset], at: offset, end: end, into: &outcomes)
            if coverage != .sampled {
                // The scan cuts the zeros off its copy in place.
                var bytes = original
                bytes[offset] ^= 0xFF
                let scan = JournalFormat.scan(&bytes, allowsTornTail: !isSnapshot)
                scanned(scan, offset: offset, owner: owners[offset], end: end, records: records)
                let isNew = restartedScans.insert(signature(scan)).inserted
                let isSpotCheck = restartedBlocks.insert(offset / 4096).inserted
                guard isNew || isSpotCheck else { continue }
            }
            outcomes.restarts += 1
            var damaged = original
            damaged[offset] ^= 0xFF
            let copy = files.restarted(failAt: nil)
            copy.replace(file, with: damaged)
            let harness = try JournalHarness(files: copy)          // the server starts
            // A client deleted the session afterwards: its damaged record no longer matters. A
            // built-in's definition (every definition here) belongs to no session.
            let owner = owners[offset].flatMap { $0.deletedLater || $0.isDefinition ? nil : $0.session }
            // Frames are compared outright at every eighth offset (every fourth restart when
            // exhaustive); histories at every one.
            let now = Expected(harness, framesToo: coverage == .sampled ? (offset / chunks) % 8 == 0 : outcomes.restarts % 4 == 1)
            for id in sessions {
                if id == owner {
                    let answer = harness.get("/v1/sessions/\(id)")
                    #expect(answer.status == 503, "offset \(offset): \(id) answered \(answer.status)")
                    #expect(try JSONParser().parse(answer.body)["code"] == "session_damaged", "offset \(offset)")
                } else {
                    let context = "offset \(offset) (\(owner ?? "file header or deleted")): \(id) changed"
                    #expect(now.resources[id] == expected.resources[id], "\(context)")
                    #expect(now.histories[id] == expected.histories[id], "\(context)")
                    if let frames = now.frames[id] { #expect(frames == expected.frames[id], "\(context)") }
                }
            }
            let listed = try JSONParser().parse(harness.get("/v1/sessions").body)["sessions"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
            #expect(listed == live.filter { $0 != owner }, "offset \(offset)")
            #expect(try JSONParser().parse(harness.get("/readyz").body)["status"] == "degraded", "offset \(offset)")
            #expect(harness.report.damagedSessions == (owner == nil ? 0 : 1), "offset \(offset)")
            #expect(harness.report.damage.count == 1, "offset \(offset): \(harness.report.damage)")
            if offset >= end {
                // In the zeros: noise, reported where it is.
                #expect(harness.report.damage.map(\.noise) == [true], "offset \(offset)")
                #expect(harness.report.damage.map(\.offset) == [offset], "offset \(offset)")
            } else {
                #expect(harness.report.damage.map(\.noise) == [false], "offset \(offset)")
            }
        }
        return outcomes
    }

    /// Counts a flipped offset by where it is.
    static func count(_ owner: Owner?, at offset: Int, end: Int, into outcomes: inout Outcomes) {
        switch owner {
        case nil where offset >= end: outcomes.zeroOffsets += 1
        case nil: outcomes.headerOffsets += 1
        case let .some(byte) where byte.isDefinition: outcomes.definitionOffsets += 1
        case let .some(byte) where byte.deletedLater: outcomes.deletedAnyway += 1
        case .some: outcomes.damagedAsExpected += 1
        }
    }

    /// Counts from every chunk, printed as one line once all of a file's chunks are in.
    static let tally = Mutex<[String: (outcomes: Outcomes, chunks: Int)]>([:])

    /// The file's total once its last chunk is in (nil before).
    static func report(_ name: String, _ outcomes: Outcomes) -> Outcomes? {
        let total = tally.withLock { tally -> Outcomes? in
            let sum = (tally[name]?.outcomes ?? Outcomes()) + outcomes
            let done = (tally[name]?.chunks ?? 0) + 1
            tally[name] = (sum, done)
            return done == chunks ? sum : nil
        }
        if let total { print("journal damage, \(name): \(total)") }
        return total
    }

    @Test(arguments: 0..<chunks)
    func bytesOfTheSegment(chunk: Int) throws {
        let (files, expected) = try Self.built()
        let size = try #require(files.contents(Self.segment)?.count)
        #expect(size == FileJournal.fillChunk)      // filled ahead (format version 3)
        let outcomes = try Self.flipBytes(of: Self.segment, chunk: chunk, in: files, expected: expected,
                                          live: Self.sessions.filter { $0 != Self.deleted })
        #expect(outcomes.headerOffsets == Self.share(Self.offsets(try #require(files.contents(Self.segment)), coverage: .current),
                                                     chunk: chunk).filter { $0 < 8 }.count)
        guard let total = Self.report("segment", outcomes) else { return }
        #expect(total.headerOffsets == 8)
        switch Coverage.current {
        case .sampled:
            #expect(total.definitionOffsets >= 4 * 20)
            #expect(total.zeroOffsets >= 6)
        case .exhaustive:
            #expect(total.definitionOffsets > 4 * 1000 / Self.definitionPayloadStride)
            #expect(total.offsets > 5000)
            // Every byte of the first 4 KiB of zeros is flipped (the stride through the rest
            // depends on where the records end).
            #expect(total.zeroOffsets >= 4096)
        case .everyByte:
            #expect(total.zeroOffsets > size - 50_000)
        }
    }

    /// A byte flipped in the zeros filled ahead of the segment's records (the first, one in the
    /// middle, the last): it is no record and no part of one, so it costs no session: noise,
    /// reported with its offset, and the journal goes on in a new segment (the noisy one kept).
    @Test func aByteInTheZerosAfterTheRecordsCostsNoSession() throws {
        let (files, expected) = try Self.built()
        let filled = try #require(files.contents(Self.segment))
        let end = filled.count - filled.reversed().prefix { $0 == 0 }.count
        #expect(end > 8 && filled.count == FileJournal.fillChunk)
        for offset in [end, (end + filled.count) / 2, filled.count - 1] {
            var damaged = filled
            damaged[offset] ^= 0xFF
            let copy = files.restarted(failAt: nil)
            copy.replace(Self.segment, with: damaged)
            let harness = try JournalHarness(files: copy)
            #expect(Expected(harness, framesToo: false).resources == expected.resources, "offset \(offset)")
            let quarantined = "quarantine/" + JournalFiles.name(JournalFiles.segmentPrefix, 1)
            #expect(harness.report.damage == [JournalDamage(file: quarantined, offset: offset, length: 1, sessions: [], attributed: true, records: 0,
                                                            detail: "bytes after the last record that can be no record (no start marker, header or trailer)",
                                                            noise: true)])
            #expect(harness.report.damagedSessions == 0, "offset \(offset)")
            #expect(String(decoding: harness.get("/readyz").body, as: UTF8.self)
                == #"{"status":"degraded","damage":{"files":0,"regions":0,"records":0,"bytes":0,"sessions":0,"noise":{"spans":1,"bytes":1}}}"# + "\n")
            #expect(harness.answer("POST", "/v1/sessions/s1/events", #"{"type":"tap","t":2,"x":25,"y":15}"#)?.status == 200)
            #expect(copy.exists(JournalHarness.directory + "/" + JournalFiles.name(JournalFiles.segmentPrefix, 2)))
            // The next start reads the same noise, then the new segment's records.
            let again = try JournalHarness(files: copy.restarted(failAt: nil))
            #expect(again.report.damagedSessions == 0 && again.report.damage.map(\.noise) == [true])
            #expect(again.get("/v1/sessions/s1").status == 200)
        }
    }

    @Test(arguments: 0..<chunks)
    func bytesOfASnapshot(chunk: Int) throws {
        let (files, expected) = try Self.built()
        let harness = try JournalHarness(files: files.restarted(failAt: nil))
        try harness.journal.compact(snapshot: harness.router.snapshot)
        let snapshot = JournalHarness.directory + "/" + JournalFiles.name(JournalFiles.snapshotPrefix, 2)
        let compacted = harness.files.restarted(failAt: nil)
        #expect(compacted.exists(snapshot) && !compacted.exists(Self.segment))
        let outcomes = try Self.flipBytes(of: snapshot, chunk: chunk, in: compacted, expected: expected,
                                          live: Self.sessions.filter { $0 != Self.deleted })
        #expect(outcomes.headerOffsets == Self.share(Self.offsets(try #require(compacted.contents(snapshot)), coverage: .current),
                                                     chunk: chunk).filter { $0 < 8 }.count)
        #expect(outcomes.zeroOffsets == 0)
        guard let total = Self.report("snapshot", outcomes) else { return }
        #expect(total.headerOffsets == 8)
        if Coverage.current == .sampled {
            #expect(total.definitionOffsets >= 4 * 20)
        } else {
            #expect(total.definitionOffsets > 4 * 1000 / Self.definitionPayloadStride)
            #expect(total.offsets > 4000)
        }
    }
}
