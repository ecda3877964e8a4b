import CNcursesw
import Glibc

/// The real terminal, through ncursesw. Create one at startup, run the application on it, and
/// call `shutdown()` when done (also safe to call twice). Signals become events: SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT arrive as `.quit(.signal(n))`, SIGWINCH as `.resize`, pasted text as `.paste`; Ctrl-Z or SIGTSTP
/// suspends (the terminal is restored while stopped and repainted after `fg`); any other signal that
/// ends the process, and a crash, reset the terminal before the process dies (`CrashGuard`).
public final class CursesTerminal: Terminal {
    public enum StartError: Error, Equatable {
        /// stdin or stdout is not a terminal (a pipe, CI); the app should not go full-screen.
        case notATerminal
        /// ncurses could not start on `$TERM` (terminfo does not know it, for one).
        case unsupportedTerminal(String)
        /// `$TERM` cannot move the cursor (`dumb`, a printing terminal): a screen cannot be drawn on it.
        case cannotMoveCursor(String)
    }

    public private(set) var symbols: Symbols
    /// Whether colours are used (a colour terminal and no `NO_COLOR`).
    public let usesColor: Bool
    /// Whether mouse clicks and the wheel are reported.
    public let usesMouse: Bool

    let window: UnsafeMutablePointer<WINDOW>
    /// Signals as events; nil for a recording terminal.
    let signals: SignalPipe?
    var keys = CursesKeys()
    private let unicode: Bool
    private let recording: UnsafeMutablePointer<FILE>?
    private var cursor: (row: Int, column: Int)?
    private var isShutDown = false
    private var characterBuffer = [wchar_t](repeating: 0, count: 8)

    /// Starts curses on the controlling terminal. `mouse: false` leaves text selection to the terminal.
    public convenience init(mouse: Bool = true) throws {
        try CursesTerminal.checkCanStart()
        setlocale(LC_ALL, "")
        CrashGuard.saveModes(input: STDIN_FILENO, output: STDOUT_FILENO)
        guard let signals = SignalPipe(ignoring: Array(CursesTerminal.quitSignals) + [SIGTSTP, SIGWINCH], watching: [SIGCONT]) else {
            throw StartError.unsupportedTerminal("cannot create a pipe")
        }
        // The window size from the kernel (ioctl), even when stale LINES/COLUMNS are exported.
        // (use_env(false) would be wrong: it means "use terminfo's 80x24".)
        use_tioctl(true)
        guard let screen = newterm(nil, stdout, stdin) else {
            signals.stop()
            throw StartError.unsupportedTerminal(CursesTerminal.terminalType)
        }
        self.init(screen: screen, signals: signals, recording: nil, mouse: mouse)
        CrashGuard.install(mouseEnabled: usesMouse)
        CursesTerminal.setBracketedPaste(true)
        // ncurses 6.4 flushes its output at every cursor move until the screen has once come back from
        // `endwin` (until then it is "initial", not "running"): each frame left in a write(2) per row or so —
        // 118 for the list's first frame, each one waking the terminal. Leaving and coming back at once, before
        // anything is drawn, makes it "running": a frame then leaves in one write.
        endwin()
        doupdate()
    }

    /// The signals that arrive as `.quit(.signal(n))`.
    static let quitSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Bracketed paste (xterm's mode 2004): the terminal marks pasted text so it arrives as one `.paste`, never as
    /// keys. Terminals without it ignore the request. Every way out turns it off again: `shutdown`, `suspend` and
    /// the crash guard, so a shell never receives the markers.
    static func setBracketedPaste(_ on: Bool) {
        let request = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = request.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// Whether the controlling terminal can show a full screen, without touching it: stdin and stdout are
    /// terminals and terminfo's entry for `$TERM` can move the cursor.
    public static func checkCanStart() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw StartError.notATerminal }
        switch rt_terminal_can_move_cursor(STDOUT_FILENO) {
        case 1: return
        case 0: throw StartError.cannotMoveCursor(terminalType)
        default: throw StartError.unsupportedTerminal(terminalType)
        }
    }

    private static var terminalType: String {
        getenv("TERM").map { String(cString: $0) } ?? "(TERM unset)"
    }

    /// For benchmarks (`ui.bytes_per_move`): curses draws into the file at `path` instead of a
    /// terminal, so `bytesWritten` tells what a frame costs. No input, no signal handling.
    public convenience init(recordingTo path: String, terminalType: String = "xterm-256color", rows: Int, columns: Int) throws {
        setlocale(LC_ALL, "")
        guard let output = fopen(path, "w"), let input = fopen("/dev/null", "r") else {
            throw StartError.unsupportedTerminal("cannot open \(path)")
        }
        guard let screen = newterm(terminalType, output, input) else { throw StartError.unsupportedTerminal(terminalType) }
        self.init(screen: screen, signals: nil, recording: output, mouse: false)
        resize_term(Int32(max(1, rows)), Int32(max(1, columns)))
    }

    private init(screen: OpaquePointer, signals: SignalPipe?, recording: UnsafeMutablePointer<FILE>?, mouse: Bool) {
        set_term(screen)
        unicode = rt_locale_is_utf8() != 0
        symbols = unicode ? .unicode : .ascii
        self.signals = signals
        self.recording = recording
        window = rt_stdscr()!
        raw()  // Ctrl-C, Ctrl-Z and Ctrl-S reach the app as keys (no flow control freezing the screen)
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        leaveok(window, true)
        curs_set(0)
        usesColor = CursesTerminal.startColors()
        usesMouse = mouse && CursesTerminal.startMouse()
        keys.defineSequences()
    }

    deinit {
        shutdown()
    }

    /// Restores the terminal exactly as it was (idempotent): curses ends, signal handling and
    /// the crash guard are removed. After it, `stty -g` equals its value before launch.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if usesMouse { mousemask(0, nil) }
        curs_set(1)
        endwin()
        if signals != nil { CursesTerminal.setBracketedPaste(false) }
        CrashGuard.remove()
        signals?.stop()
        if let recording { fflush(recording) }
    }

    /// Whether curses draws into a file for the benchmarks rather than on a terminal.
    var isRecording: Bool { recording != nil }

    /// Bytes curses has sent so far (recording terminals only; 0 otherwise).
    public var bytesWritten: Int {
        guard let recording else { return 0 }
        fflush(recording)
        return ftell(recording)
    }

    // MARK: Terminal

    public var size: TerminalSize {
        var rows: Int32 = 0, columns: Int32 = 0
        rt_getmaxyx(window, &rows, &columns)
        return TerminalSize(rows: Int(max(0, rows)), columns: Int(max(0, columns)))
    }

    public func clear() {
        werase(window)
    }

    public func put(_ glyph: Glyph, row: Int, column: Int, attributes: Attributes) {
        let (attr, pair) = style(for: attributes)
        put(glyph, row: row, column: column, attr: attr, pair: pair)
    }

    public func put(count: Int, row: Int, column: Int, attributes: Attributes, glyph: (Int) -> Glyph) {
        // The run's attributes worked out once, not once a cell.
        let (attr, pair) = style(for: attributes)
        var column = column
        for index in 0..<max(0, count) {
            let glyph = glyph(index)
            put(glyph, row: row, column: column, attr: attr, pair: pair)
            column += glyph.width
        }
    }

    private func put(_ glyph: Glyph, row: Int, column: Int, attr: attr_t, pair: Int16) {
        guard unicode, glyph.text.utf8.count > 1 else {
            let ascii = glyph.text.utf8.count == 1 ? glyph.text.utf8.first! : UInt8(ascii: "?")
            for offset in 0..<glyph.width { putScalars([UInt32(offset == 0 ? ascii : UInt8(ascii: "?"))], row: row, column: column + offset, attr: attr, pair: pair) }
            return
        }
        // One scalar (a braille cell, most letters): no array per cell, a map puts thousands a frame.
        if glyph.text.unicodeScalars.count == 1, let only = glyph.text.unicodeScalars.first, only.value != 0xFE0F {
            characterBuffer[0] = wchar_t(bitPattern: only.value)
            addCell(length: 1, row: row, column: column, attr: attr, pair: pair)
            return
        }
        let scalars = glyph.text.unicodeScalars.map(\.value)
        if glyph.width == 2, scalars.count == 2, scalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0) }) {
            // A flag: ncurses counts each regional indicator as one column, so give each its cell.
            putScalars([scalars[0]], row: row, column: column, attr: attr, pair: pair)
            putScalars([scalars[1]], row: row, column: column + 1, attr: attr, pair: pair)
        } else {
            putScalars(CursesTerminal.cellScalars(scalars, width: glyph.width), row: row, column: column, attr: attr, pair: pair)
        }
    }

    public func showCursor(row: Int, column: Int) {
        cursor = (row, column)
    }

    public func hideCursor() {
        cursor = nil
    }

    public func flush() {
        guard !isShutDown else { return }
        if let cursor {
            leaveok(window, false)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            leaveok(window, true)
            curs_set(0)
        }
        wnoutrefresh(window)
        doupdate()
    }

    // MARK: Drawing helpers

    /// What one cell can hold: its first (spacing) scalar and the zero-width ones after it, at most
    /// CCHARW_MAX. `setcchar` stops at the second spacing scalar itself, so a ZWJ sequence (👨‍👩‍👧)
    /// shows as its first emoji; it is cut here, before the joiner, because a dangling ZWJ sent to
    /// the terminal glues itself to whatever ncurses draws next and the screen drifts. A VS16 on a
    /// one-column base is dropped so the terminal shows it one column wide, as ncurses counts it.
    static func cellScalars(_ scalars: [UInt32], width: Int) -> [UInt32] {
        var kept = width == 1 ? scalars.filter { $0 != 0xFE0F } : scalars
        if let next = kept.indices.dropFirst().first(where: {
            Unicode.Scalar(kept[$0]).map { ScalarWidth.of($0) > 0 } ?? true
        }) {
            kept.removeSubrange(next...)
        }
        let limit = Int(rt_ccharw_max())
        if kept.count > limit { kept = Array(kept.prefix(limit)) }
        while kept.count > 1, kept.last == 0x200D { kept.removeLast() }
        return kept
    }

    private func putScalars(_ scalars: [UInt32], row: Int, column: Int, attr: attr_t, pair: Int16) {
        for (index, value) in scalars.enumerated() { characterBuffer[index] = wchar_t(bitPattern: value) }
        addCell(length: scalars.count, row: row, column: column, attr: attr, pair: pair)
    }

    /// Puts the first `length` characters of `characterBuffer` as one cell.
    private func addCell(length: Int, row: Int, column: Int, attr: attr_t, pair: Int16) {
        characterBuffer[length] = 0
        var cell = cchar_t()
        setcchar(&cell, characterBuffer, attr, pair, nil)
        mvwadd_wch(window, Int32(row), Int32(column), &cell)
    }

    private static func startColors() -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        guard has_colors(), start_color() == OK else { return false }
        use_default_colors()
        for role in ColorRole.allCases {
            if let color = foreground(for: role) { init_pair(Int16(role.rawValue), color, -1) }
        }
        return true
    }

    /// Colours for roles; selection and status rely on reverse video, which suits any theme.
    private static func foreground(for role: ColorRole) -> Int16? {
        switch role {
        case .title: return Int16(COLOR_CYAN)
        case .accent: return Int16(COLOR_YELLOW)
        case .error: return Int16(COLOR_RED)
        case .water: return Int16(COLOR_BLUE)
        case .normal, .muted, .selection, .status: return nil
        }
    }

    private static func startMouse() -> Bool {
        mouseinterval(0)  // no click-resolution delay
        return mousemask(rt_mouse_events(), nil) != 0
    }

    private func style(for attributes: Attributes) -> (attr_t, Int16) {
        var attr = rt_a_normal()
        let style = attributes.style
        if style.contains(.bold) { attr |= rt_a_bold() }
        if style.contains(.reverse) { attr |= rt_a_reverse() }
        if style.contains(.underline) { attr |= rt_a_underline() }
        if style.contains(.dim) { attr |= rt_a_dim() }
        var pair: Int16 = 0
        switch attributes.role {
        case .muted: attr |= rt_a_dim()
        case .title, .accent, .error:
            if usesColor { pair = Int16(attributes.role.rawValue) } else { attr |= rt_a_bold() }
        case .water:
            if usesColor { pair = Int16(attributes.role.rawValue) }
        case .normal, .selection, .status: break
        }
        return (attr, pair)
    }
}
