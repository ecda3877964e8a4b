import SafeText

/// Collects a bracketed paste. The terminal sends pasted text between ESC[200~ and ESC[201~ (once the app has asked
/// with ESC[?2004h), so the app can tell it from typing: the whole text becomes one `.paste` and none of it acts as
/// a key. Curses hands over what follows the start marker one read at a time; this decides what each read means.
/// - The paste may come in several chunks (a slow link): reads that find nothing yet are waited through, up to
///   `maxIdleReads` in a row; after that the paste counts as ended (the end marker was lost).
/// - Its size is bounded: past `maxScalars` the text is dropped, but reading goes on to the end marker, so the rest
///   of a huge paste never spills out as keystrokes.
/// - Line breaks (CR, LF, CR LF) become "\n" and a tab a space; every other control character, the escape
///   sequences curses decoded as keys, and a nested start marker are dropped.
struct PasteDecoder {
    /// What one read inside the paste gave.
    enum Input: Equatable {
        case character(UInt32)
        /// A key code curses decoded (an escape sequence inside the pasted text).
        case key
        case start, end
        /// Nothing arrived within the read's wait.
        case nothing
    }

    /// How long one read waits, and how many empty reads in a row end an unterminated paste (one second).
    static let readMilliseconds: Int32 = 100
    static let maxIdleReads = 10
    /// The most a paste keeps: ample for notes, bounded for a runaway clipboard.
    static let maxScalars = 100_000

    private(set) var isFinished = false
    private var scalars = String.UnicodeScalarView()
    private var kept = 0
    private var idleReads = 0
    private var afterCarriageReturn = false

    /// The text so far, "\n" between lines.
    var text: String { String(scalars) }

    mutating func feed(_ input: Input) {
        guard !isFinished else { return }
        if input == .nothing {
            idleReads += 1
            isFinished = idleReads >= Self.maxIdleReads
            return
        }
        idleReads = 0
        let wasAfterCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch input {
        case .end:
            isFinished = true
        case .character(0x0D):
            append("\n")
            afterCarriageReturn = true
        case .character(0x0A):
            if !wasAfterCarriageReturn { append("\n") }  // CR LF is one line break
        case .character(0x09):
            append(" ")
        case .character(let value):
            if let scalar = Unicode.Scalar(value), !TerminalSafe.isUnsafe(scalar) { append(scalar) }
        case .key, .start, .nothing:
            break
        }
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        guard kept < Self.maxScalars else { return }
        scalars.append(scalar)
        kept += 1
    }
}
