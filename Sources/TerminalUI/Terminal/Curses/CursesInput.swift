import CNcursesw
import Glibc

/// Reading events: poll stdin and the signal pipe together, so the process sleeps (0 % CPU)
/// until a key or a signal arrives, then let ncurses decode the key.
extension CursesTerminal {
    public func wake() {
        signals?.wake()
    }

    public func readEvent(timeout: Int?) -> InputEvent? {
        guard let signals else { return .quit(.endOfInput) }  // recording: there is no input
        let deadline = timeout.map { monotonicMilliseconds() + max(0, $0) }
        var readableButEmpty = 0
        while true {
            if let event = handleSignals(signals) { return event }
            // ncurses may already hold bytes it read earlier (a paste, a key sequence).
            if let event = readKey(waitMilliseconds: 0) { return event }
            let remaining = deadline.map { max(0, $0 - monotonicMilliseconds()) }
            if remaining == 0 { return nil }
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(clamping: remaining ?? -1))
            if ready < 0 { continue }  // EINTR: look again
            if fds[0].revents & Int16(POLLIN) != 0, let event = readKey(waitMilliseconds: 50) { return event }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .quit(.endOfInput) }  // the terminal went away
            // Readable yet nothing to read, again and again: input is at its end. Never spin.
            readableButEmpty = fds[0].revents & Int16(POLLIN) != 0 ? readableButEmpty + 1 : 0
            if readableButEmpty > 100 { return .quit(.endOfInput) }
        }
    }

    /// One decoded key, or nil if none arrived within the wait.
    private func readKey(waitMilliseconds: Int32) -> InputEvent? {
        wtimeout(window, waitMilliseconds)
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        if status == rt_key_code_yes() {
            let code = Int32(bitPattern: value)
            if code == keys.pasteStart { return readPaste() }
            return decodeKeyCode(code)
        }
        guard status != rt_err() else { return nil }
        switch KeyDecoder.decode(character: value) {
        case .key(let key): return .key(key)
        case .suspend: return suspend()
        case .none: return nil
        }
    }

    /// The rest of a bracketed paste, to its end marker (`PasteDecoder` says what each read means). A megabyte takes
    /// seconds to arrive: a quit signal meanwhile ends the reading, and the quit is the event.
    private func readPaste() -> InputEvent {
        var paste = PasteDecoder()
        wtimeout(window, PasteDecoder.readMilliseconds)
        var reads = 0
        while !paste.isFinished {
            reads += 1
            if reads % 4096 == 0, let quit = signals?.takeArrived(of: CursesTerminal.quitSignals) { return .quit(.signal(quit)) }
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == rt_err() {
                paste.feed(.nothing)
            } else if status == rt_key_code_yes() {
                let code = Int32(bitPattern: value)
                paste.feed(code == keys.pasteEnd ? .end : code == keys.pasteStart ? .start : .key)
            } else {
                paste.feed(.character(value))
            }
        }
        return .key(.paste(paste.text))
    }

    private func decodeKeyCode(_ code: Int32) -> InputEvent? {
        if code == KEY_MOUSE { return readMouse() }
        return keys.key(forCode: code).map { .key($0) }
    }

    private func readMouse() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        if event.bstate & rt_button4_pressed() != 0 { return .key(.scrollUp) }
        if rt_button5_pressed() != 0, event.bstate & rt_button5_pressed() != 0 { return .key(.scrollDown) }
        if event.bstate & rt_button1_pressed() != 0 { return .key(.click(row: Int(event.y), column: Int(event.x))) }
        return nil
    }

    /// Acts on signals that arrived: quit requests win; a resize or resume asks for a repaint.
    private func handleSignals(_ signals: SignalPipe) -> InputEvent? {
        var repaint = false
        var woken = false
        for signalNumber in signals.drain() {
            switch signalNumber {
            case 0: woken = true
            case _ where CursesTerminal.quitSignals.contains(signalNumber): return .quit(.signal(signalNumber))
            case SIGTSTP: return suspend()
            case SIGWINCH:
                var rows: Int32 = 0, columns: Int32 = 0
                if rt_window_size(STDOUT_FILENO, &rows, &columns) == 0 { resize_term(rows, columns) }
                repaint = true
            case SIGCONT:
                repaint = true
            default:
                break
            }
        }
        guard repaint else { return woken ? .wake : nil }
        clearok(rt_curscr(), true)  // the screen may hold anything: redraw it all
        return .key(.resize)
    }

    /// Ctrl-Z: give the terminal back to the shell, stop, and on `fg` ask for a full repaint.
    private func suspend() -> InputEvent {
        endwin()
        CursesTerminal.setBracketedPaste(false)
        kill(getpid(), SIGSTOP)
        CursesTerminal.setBracketedPaste(true)
        // Resumed. The next doupdate re-enters program mode; the size may have changed meanwhile.
        var rows: Int32 = 0, columns: Int32 = 0
        if rt_window_size(STDOUT_FILENO, &rows, &columns) == 0 { resize_term(rows, columns) }
        clearok(rt_curscr(), true)
        return .key(.resize)
    }

    private func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
