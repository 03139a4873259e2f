import Testing
@testable import AnimationCore

/// Frames of `session` at 60, 120 and 240 fps over `from…to` agree exactly where the grids meet
/// (every 1/60 s): what the catalogue's controls promise however a client samples them.
func expectFrameRatesAgree(_ session: Session, from: Double, to: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    let f60 = session.frames(from: from, to: to, fps: 60)
    let f120 = session.frames(from: from, to: to, fps: 120)
    let f240 = session.frames(from: from, to: to, fps: 240)
    #expect(f60.count > 1, sourceLocation: sourceLocation)
    #expect(f120.count == 2 * f60.count - 1, sourceLocation: sourceLocation)
    #expect(f240.count == 4 * f60.count - 3, sourceLocation: sourceLocation)
    for k in f60.indices where 4 * k < f240.count {
        #expect(f60[k] == f120[2 * k], "60 fps frame \(k) = 120 fps frame \(2 * k)", sourceLocation: sourceLocation)
        #expect(f60[k] == f240[4 * k], "60 fps frame \(k) = 240 fps frame \(4 * k)", sourceLocation: sourceLocation)
    }
}
