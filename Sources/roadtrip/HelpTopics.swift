import RoadtripApp

/// `roadtrip help keys` and `roadtrip help commands`: references beside the parser's own `help COMMAND` (no
/// command is called `keys` or `commands`, so these never hide one).
enum HelpTopics {
    /// The topic's text when `arguments` ask for one, else nil.
    static func text(for arguments: [String]) -> String? {
        guard arguments.count == 2, arguments[0] == "help" else { return nil }
        switch arguments[1] {
        case "keys": return KeyReference.markdown
        case "commands": return CommandReference.markdown
        default: return nil
        }
    }
}
