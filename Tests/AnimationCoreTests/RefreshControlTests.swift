import Testing
@testable import AnimationCore

/// The refresh control's rules (docs/fidelity.md#refresh-control): UIKit's trigger height for a
/// control with no title, min(round(0.5 · h), 112.5 · h / 568), and the 60 pt it holds the list down.
@Suite("refreshControl")
struct RefreshControlTests {
    static func pulled(_ offset: Double, height: Double = 844) throws -> (DefinedControl, [String]) {
        var control = DefinedControl(configuration: try builtIn("refreshControl", ["height": .number(height)]))
        var emitted: [Emission] = []
        try control.handle(.command(Command("setPull", [.number(offset)])), at: 0, emit: &emitted)
        return (control, emitted.map(\.name))
    }

    static func isRefreshing(_ control: DefinedControl) -> Bool {
        control.state.first { $0.name == "isRefreshing" }?.value == .bool(true)
    }

    @Test("On an 844 pt list it begins at a pull of 112.5 · 844 / 568 = 167.1654929577465 pt, with valueChanged")
    func trigger() throws {
        let below = try Self.pulled(-167.165)
        #expect(!Self.isRefreshing(below.0))
        #expect(below.1 == [])
        let at = try Self.pulled(-167.1654929577465)
        #expect(Self.isRefreshing(at.0))
        #expect(at.1 == ["valueChanged"])
    }

    @Test("Half the height when that is less (a 200 pt list: round(100) beats 39.6…), and 0.654929577 · h below 372 pt")
    func smallLists() throws {
        // 200 < 372: 0.654929577 · 200 = 130.9859154.
        #expect(!Self.isRefreshing(try Self.pulled(-130.98, height: 200).0))
        #expect(Self.isRefreshing(try Self.pulled(-130.986, height: 200).0))
        // 400 pt: min(200, 112.5 · 400 / 568 = 79.2253…) = 79.2253521.
        #expect(!Self.isRefreshing(try Self.pulled(-79.22, height: 400).0))
        #expect(Self.isRefreshing(try Self.pulled(-79.226, height: 400).0))
    }

    @Test("Released while refreshing, the content moves 60 pt down over 0.3 s; endRefreshing moves it back")
    func inset() throws {
        var (control, _) = try Self.pulled(-170)
        var emitted: [Emission] = []
        try control.handle(.command(Command("release")), at: 1, emit: &emitted)
        let inset = { (c: DefinedControl, t: Double) -> FieldValue? in c.render(at: t).properties.first { $0.name == "inset" }?.value }
        #expect(inset(control, 1) == .number(0))
        guard case let .number(half)? = inset(control, 1.15) else { Issue.record("no inset"); return }
        #expect(abs(half - 30) < 1e-9, "half way at half time: easeInEaseOut is symmetric")
        #expect(inset(control, 1.3) == .number(60))
        try control.handle(.command(Command("endRefreshing")), at: 2, emit: &emitted)
        #expect(inset(control, 2.3) == .number(0))
        #expect(!Self.isRefreshing(control))
    }
}
