extension Key {
    /// How help and the status bar name the key: "a", "Ctrl-R", "Shift-↓", "Enter", "Space".
    public var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + c.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .shiftUp: return "Shift-↑"
        case .shiftDown: return "Shift-↓"
        case .shiftLeft: return "Shift-←"
        case .shiftRight: return "Shift-→"
        case .ctrlUp: return "Ctrl-↑"
        case .ctrlDown: return "Ctrl-↓"
        case .ctrlLeft: return "Ctrl-←"
        case .ctrlRight: return "Ctrl-→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .function(let n): return "F\(n)"
        case .resize: return "resize"
        case .scrollUp: return "wheel up"
        case .scrollDown: return "wheel down"
        case .click: return "click"
        case .paste: return "paste"
        }
    }
}
