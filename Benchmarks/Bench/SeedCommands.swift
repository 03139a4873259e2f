import AnimationCore

/// The seed controls' commands by name, as their definitions declare them (arguments in order).
extension Command {
    static func setSelected(_ selected: Bool) -> Command { Command("setSelected", [.bool(selected)]) }
    static func setEnabled(_ enabled: Bool) -> Command { Command("setEnabled", [.bool(enabled)]) }
    static func start(startRatio: Double) -> Command { Command("start", [.number(startRatio)]) }
    static func setOn(_ on: Bool, animated: Bool) -> Command { Command("setOn", [.bool(on), .bool(animated)]) }
    static let cancel = Command("cancel")
    static let pause = Command("pause")
    static let resume = Command("resume")
    static let expand = Command("expand")
    static let collapse = Command("collapse")
    static let toggle = Command("toggle")
}
