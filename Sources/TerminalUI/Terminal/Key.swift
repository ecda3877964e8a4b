/// One key press (or mouse action, or resize) as the screens see it, independent of ncurses.
public enum Key: Hashable, Sendable {
    /// A printable character: any Unicode grapheme, never a control character.
    case character(Character)
    /// Ctrl plus a letter, lowercased (`.ctrl("c")`); Tab, Enter, Backspace and Esc have their own cases.
    case ctrl(Character)
    case up, down, left, right
    /// Reported by terminals that send xterm modifier sequences; others never produce these.
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case ctrlUp, ctrlDown, ctrlLeft, ctrlRight
    case home, end, pageUp, pageDown, insert
    case tab, backTab, enter, escape, backspace, delete
    /// F1…F12.
    case function(Int)
    /// The terminal changed size; the application lays out again from `Terminal.size`.
    case resize
    /// Mouse wheel, when the terminal reports it.
    case scrollUp, scrollDown
    /// A left click at a screen cell.
    case click(row: Int, column: Int)
    /// Text the user pasted (bracketed paste), whole: never read as keys. Lines end in "\n"; it holds no other
    /// control character. A text field inserts it; every other screen ignores it.
    case paste(String)
}

/// Why the terminal asks the application to stop (it saves, then exits).
public enum QuitReason: Equatable, Sendable {
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived; exit status should be 128 + signal.
    case signal(Int32)
    /// Input ended: the terminal hung up, or a scripted test ran out of keys.
    case endOfInput
}

/// What `Terminal.readEvent` delivers.
public enum InputEvent: Equatable, Sendable {
    case key(Key)
    case quit(QuitReason)
    /// Work was posted to the loop from another thread (`Application.post`).
    case wake
}
