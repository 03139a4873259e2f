/// Where in a document something is: keys and array indices from the root.
public struct TreePath: Sendable, Equatable, CustomStringConvertible {
    public enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// One member of the root: `TreePath("config")`.
    public init(_ key: String) {
        self.init([.key(key)])
    }

    public static let root = TreePath()

    public func appending(_ key: String) -> TreePath {
        TreePath(components + [.key(key)])
    }

    public func appending(_ index: Int) -> TreePath {
        TreePath(components + [.index(index)])
    }

    public func appending(_ path: TreePath) -> TreePath {
        TreePath(components + path.components)
    }

    /// An RFC 6901 JSON pointer: `/layers/2/frame/width`; the root is the empty string.
    public var pointer: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case let .key(key):
                for character in key {
                    switch character {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.append(character)
                    }
                }
            case let .index(index): text += String(index)
            }
        }
        return text
    }

    public var description: String { pointer }
}
