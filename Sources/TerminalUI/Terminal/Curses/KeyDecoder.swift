/// Turns what `wget_wch` returns into `Key`s: characters (control codes included) here,
/// ncurses key codes through a table built by `CursesKeys`.
enum KeyDecoder {
    /// What a character from the terminal means.
    enum Decoded: Equatable {
        case key(Key)
        /// Ctrl-Z: raw mode delivers it as a byte; the terminal suspends the process itself.
        case suspend
        /// Nothing the UI can use (NUL, an invalid scalar).
        case none
    }

    static func decode(character value: UInt32) -> Decoded {
        switch value {
        case 0x0D, 0x0A: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x1B: return .key(.escape)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x1A: return .suspend
        case 0x01...0x1A: return .key(.ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0x1C...0x1F: return .key(.ctrl(Character(Unicode.Scalar(UInt8(value) + 0x40))))
        case 0x00, 0x80...0x9F: return .none
        default:
            guard let scalar = Unicode.Scalar(value) else { return .none }
            return .key(.character(Character(scalar)))
        }
    }
}
