/// Views of which one at a time may be away from rest, as `UITableView` keeps one row's swipe
/// actions open: when a member's property leaves the value it had when the scene was made (or a
/// member emits the group's emission), every other member is sent the group's command; so is
/// every member when one of `alsoOn`'s views emits its emission (the table beginning to scroll).
/// docs/scenes.md#exclusive-groups. Checked and compiled into `SceneLinks` with the links.
public struct SceneExclusiveGroup: Sendable {
    public var views: [String]
    /// `.property(name)`: a member setting the others off by leaving its rest value (a number or
    /// bool property); `.emission(name)`: by emitting.
    public var trigger: SceneLink.Trigger
    public var command: String
    /// As a link's: expressions of `value` (the property of the member that set the group off)
    /// or `event.<field>` (its emission's fields); left out, the command's defaults.
    public var arguments: [(name: String, expression: String)]
    /// Views and emissions that send the command to every member.
    public var alsoOn: [(view: String, emission: String)]

    public init(views: [String], _ trigger: SceneLink.Trigger, command: String,
                arguments: [(name: String, expression: String)] = [], alsoOn: [(view: String, emission: String)] = []) {
        self.views = views
        self.trigger = trigger
        self.command = command
        self.arguments = arguments
        self.alsoOn = alsoOn
    }

    /// At most this many groups in a scene.
    public static let maximum = 16
}

extension SceneLinks {
    /// A group checked: its members, each one's command compiled (as a link from the member to
    /// itself, so each member is checked as a source and as a target), and its `alsoOn` sources.
    struct Group: Sendable {
        let members: [Int]
        /// By member: the command it is sent (its arguments computed from the setting-off
        /// member's value or emission).
        let commands: [Compiled]
        let trigger: SceneLink.Trigger
        let alsoOn: [(view: Int, emission: String)]
    }

    /// Checks `groups` (named under `path`'s `exclusive/k`); the first fault in document order is thrown.
    static func compile(_ groups: [SceneExclusiveGroup], in scene: Scene, at path: TreePath) throws(SceneError) -> [Group] {
        guard groups.count <= SceneExclusiveGroup.maximum else {
            throw SceneError(.invalidGroup, at: path.appending("exclusive"), "a scene has at most \(SceneExclusiveGroup.maximum) exclusive groups")
        }
        var compiled: [Group] = []
        for (k, group) in groups.enumerated() {
            let at = path.appending("exclusive").appending(k)
            guard group.views.count >= 2 else {
                throw SceneError(.invalidGroup, at: at.appending("views"), "an exclusive group has at least two views")
            }
            var members: [Int] = []
            for (m, id) in group.views.enumerated() {
                let member = try control(id, in: scene, at: at.appending("views").appending(m))
                guard !members.contains(member) else {
                    throw SceneError(.invalidGroup, at: at.appending("views").appending(m), "view '\(id)' is in the group twice")
                }
                members.append(member)
            }
            var commands: [Compiled] = []
            for id in group.views {
                let link = SceneLink(from: id, group.trigger, to: id, command: group.command, arguments: group.arguments)
                commands.append(try compile(link, in: scene, at: at, keys: ("when", "send")))
            }
            var alsoOn: [(view: Int, emission: String)] = []
            for (m, source) in group.alsoOn.enumerated() {
                let sourceAt = at.appending("alsoOn").appending(m)
                let view = try control(source.view, in: scene, at: sourceAt.appending("view"))
                let definition = scene.nodes[view].control!.definition
                guard emissionNames(of: definition).contains(source.emission) else {
                    let known = emissionNames(of: definition).joined(separator: ", ")
                    throw SceneError(.unknownEmission, at: sourceAt.appending("emission"),
                                     "'\(scene.nodes[view].control!.name)' never emits '\(source.emission)'; it emits \(known)")
                }
                alsoOn.append((view, source.emission))
            }
            compiled.append(Group(members: members, commands: commands, trigger: group.trigger, alsoOn: alsoOn))
        }
        return compiled
    }
}
