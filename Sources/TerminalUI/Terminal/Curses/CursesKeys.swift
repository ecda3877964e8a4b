import CNcursesw

/// The ncurses key codes the UI understands, plus xterm modifier sequences that terminfo
/// often lacks (Shift/Ctrl arrows), registered with `define_key` under codes of our own.
struct CursesKeys {
    private var table: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
        KEY_SR: .shiftUp, KEY_SF: .shiftDown, KEY_SLEFT: .shiftLeft, KEY_SRIGHT: .shiftRight,
        KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
        KEY_IC: .insert, KEY_DC: .delete, KEY_BACKSPACE: .backspace, KEY_ENTER: .enter,
        KEY_BTAB: .backTab, KEY_RESIZE: .resize,
        KEY_A1: .home, KEY_C1: .end, KEY_A3: .pageUp, KEY_C3: .pageDown,  // keypad corners
    ]

    /// xterm (and tmux) sequences for modified arrows; rxvt's forms as well.
    private static let sequences: [(String, Key)] = [
        ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;2C", .shiftRight), ("\u{1B}[1;2D", .shiftLeft),
        ("\u{1B}[1;5A", .ctrlUp), ("\u{1B}[1;5B", .ctrlDown), ("\u{1B}[1;5C", .ctrlRight), ("\u{1B}[1;5D", .ctrlLeft),
        ("\u{1B}[a", .shiftUp), ("\u{1B}[b", .shiftDown), ("\u{1B}[c", .shiftRight), ("\u{1B}[d", .shiftLeft),
        ("\u{1B}Oa", .ctrlUp), ("\u{1B}Ob", .ctrlDown), ("\u{1B}Oc", .ctrlRight), ("\u{1B}Od", .ctrlLeft),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ]

    /// The codes curses gives the bracketed-paste markers ESC[200~ and ESC[201~ (see `PasteDecoder`); nil when it
    /// took no definition for them.
    private(set) var pasteStart: Int32?
    private(set) var pasteEnd: Int32?

    init() {
        for n in 1...12 { table[KEY_F0 + Int32(n)] = .function(n) }
    }

    /// Registers the modifier sequences with the current screen (after keypad is on).
    mutating func defineSequences() {
        var nextCode = KEY_MAX + 1
        for (sequence, key) in CursesKeys.sequences {
            let existing = key_defined(sequence)
            if existing > 0 {
                if table[existing] == nil { table[existing] = key }
                continue
            }
            if define_key(sequence, nextCode) == OK { table[nextCode] = key }
            nextCode += 1
        }
        pasteStart = CursesKeys.code(for: "\u{1B}[200~", else: nextCode)
        pasteEnd = CursesKeys.code(for: "\u{1B}[201~", else: nextCode + 1)
    }

    /// The code curses has for `sequence` (terminfo may know it), else `code` once defined.
    private static func code(for sequence: String, else code: Int32) -> Int32? {
        let existing = key_defined(sequence)
        if existing > 0 { return existing }
        return define_key(sequence, code) == OK ? code : nil
    }

    /// The key for an ncurses key code, nil if the UI has no use for it.
    func key(forCode code: Int32) -> Key? {
        table[code]
    }
}
