import CNcursesw
import Foundation
import Glibc

extension CursesTerminal {
    /// OSC 52 (`ESC ] 52 ; c ; base64 BEL`), the request xterm, kitty, foot, WezTerm, iTerm2 and tmux take to
    /// set the clipboard, even over ssh. Sent when terminfo says the terminal takes it (`Ms`, in xterm's and
    /// tmux's entries) or inside tmux, which takes it itself (with `set-clipboard on`) and passes it on.
    /// Other terminals (the Linux console) could print it as text, so they get nothing.
    public func copyToClipboard(_ text: String) -> Bool {
        guard !isRecording, rt_tigetstr("Ms") != nil || getenv("TMUX") != nil else { return false }
        let request = Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{7}".utf8)
        // Between frames: curses has flushed the last one, so the request cannot split one of its sequences.
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }
}
