import AnimationCore
import Foundation
import Routes

/// Frames JSON encoding: the project's frame writer (`FrameEncoder.encodeWindow`, as the frames route uses it) into a `JSONWriter` against Foundation's
/// `JSONEncoder` on Codable mirrors of the same `Frame` values (same keys, same order, colours
/// as the same `#rrggbbaa` strings), for each control's 1 s at 60 fps (61 frames) mid-animation.
/// Goal (issue 7): at least 3× JSONEncoder's MB/s on the same frames.
///
/// The project's side starts from the session (its frames sampled inside the timed loop, as the
/// route samples them); the Codable side starts from mirrors built before timing, so the baseline
/// is favoured.
enum FramesJSONBench {
    static let runs = 7

    static func run() {
        let writerReps = BenchScale.scaled(400, minimum: 5)
        let foundationReps = BenchScale.scaled(40, minimum: 2)
        print("frames-json: 61 frames (1 s at 60 fps from t = 0, kickoff at t = 0) per control; median of \(runs) runs;"
              + " \(writerReps) encodes/run (FrameEncoder), \(foundationReps) encodes/run (JSONEncoder)")
        var table = TextTable(["control", "bytes", "FrameEncoder MB/s", "JSONEncoder MB/s", "ratio", "same JSON", "goal ≥3×"])
        var worst = Double.infinity
        for control in BenchControl.all {
            let session = control.session(posted: 0)
            let frames = session.frames(from: 0, to: 1, fps: 60)
            let mirrors = frames.map(CodableFrame.init)
            let encoder = JSONEncoder()
            let ours = encodeWithWriter(session)
            let theirs = (try? encoder.encode(FramesBody(frames: mirrors))).map { [UInt8]($0) } ?? []
            var writerSeconds: [Double] = []
            var foundationSeconds: [Double] = []
            for _ in 0..<runs {
                writerSeconds.append(Measure.time {
                    var total = 0
                    for _ in 0..<writerReps { total &+= encodeWithWriter(session).count }
                    return Double(total)
                }.seconds)
                foundationSeconds.append(Measure.time {
                    var total = 0
                    for _ in 0..<foundationReps {
                        total &+= (try? encoder.encode(FramesBody(frames: mirrors)))?.count ?? 0
                    }
                    return Double(total)
                }.seconds)
            }
            let writerMBps = Double(ours.count * writerReps) / Measure.median(writerSeconds) / 1e6
            let foundationMBps = Double(theirs.count * foundationReps) / Measure.median(foundationSeconds) / 1e6
            let ratio = writerMBps / foundationMBps
            worst = min(worst, ratio)
            table.add([control.name, "\(ours.count) / \(theirs.count)", writerMBps.formatted(1), foundationMBps.formatted(1),
                       ratio.formatted(2) + "×", sameJSON(ours, theirs) ? "yes" : "NO", ratio >= 3 ? "PASS" : "MISS"])
        }
        table.print()
        print("  bytes: FrameEncoder / JSONEncoder output for {\"frames\":[…]}; MB/s = output bytes per second (1 MB = 10^6 B);"
              + " same JSON: both parse to equal values (JSONEncoder orders keys by hash, so the bytes differ in order only)")
        print("  goal FrameEncoder ≥ 3× JSONEncoder: \(worst >= 3 ? "PASS" : "MISS") (worst \(worst.formatted(2))×)")
    }

    /// Whether two JSON texts parse to equal values (key order aside).
    static func sameJSON(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard let left = try? JSONSerialization.jsonObject(with: Data(a)) as? NSDictionary,
              let right = try? JSONSerialization.jsonObject(with: Data(b)) as? NSDictionary else { return false }
        return left.isEqual(right)
    }

    /// `{"frames":[…]}` as the frames endpoint writes its array.
    @inline(never)
    static func encodeWithWriter(_ session: Session) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 256 + 61 * 420)
        w.beginObject()
        w.key("frames")
        _ = FrameEncoder.encodeWindow(session, from: 0, to: 1, fps: 60, into: &w)
        w.endObject()
        return w.bytes
    }
}

// MARK: Codable mirrors of Frame, key for key

private struct FramesBody: Encodable {
    let frames: [CodableFrame]
}

private struct CodableFrame: Encodable {
    let t: Double
    let properties: CodableFields
    let layers: [CodableLayer]

    init(_ frame: Frame) {
        t = frame.t
        properties = CodableFields(fields: frame.properties.map { ($0.name, CodableValue($0.value)) })
        layers = frame.layers.map(CodableLayer.init)
    }
}

private enum CodableValue: Encodable {
    case number(Double), bool(Bool), string(String)

    init(_ value: FieldValue) {
        switch value {
        case let .number(n): self = .number(n)
        case let .bool(b): self = .bool(b)
        case let .color(c): self = .string(c.hex)
        case let .string(s): self = .string(s)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .number(n): try container.encode(n)
        case let .bool(b): try container.encode(b)
        case let .string(s): try container.encode(s)
        }
    }
}

/// An ordered object with names known only at run time, as `properties` is.
private struct CodableFields: Encodable {
    let fields: [(String, CodableValue)]

    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in fields { try container.encode(value, forKey: Key(stringValue: name)) }
    }
}

private struct CodableLayer: Encodable {
    let id: String
    let kind: String
    let x: Double
    let y: Double
    let width: Double
    let height: Double
    let backgroundColor: String?
    let cornerRadius: Double
    let opacity: Double
    let scale: Double
    let stroke: Stroke?
    let blur: Blur?

    struct Stroke: Encodable {
        let color: String
        let lineWidth: Double
        let strokeEnd: Double
        let startAngle: Double
        let clockwise: Bool
    }

    struct Blur: Encodable {
        let fraction: Double
        let style: String
        let radius: Double
    }

    init(_ layer: Layer) {
        id = layer.id
        kind = layer.kind.rawValue
        x = layer.frame.minX
        y = layer.frame.minY
        width = layer.frame.size.width
        height = layer.frame.size.height
        backgroundColor = layer.backgroundColor?.hex
        cornerRadius = layer.cornerRadius
        opacity = layer.opacity
        scale = layer.scale
        stroke = layer.stroke.map { Stroke(color: $0.color.hex, lineWidth: $0.lineWidth, strokeEnd: $0.strokeEnd,
                                           startAngle: $0.startAngle, clockwise: $0.clockwise) }
        blur = layer.blur.map { Blur(fraction: $0.fraction, style: $0.style, radius: $0.radius) }
    }
}
