/// Makes text from data files safe to print on a terminal: control characters become visible
/// placeholders, so a shared trip file cannot move the cursor, change colours or reorder the screen.
///
/// - C0 controls and DEL use caret notation (`ESC` → `^[`, `CR` → `^M`, `DEL` → `^?`).
/// - C1 controls (U+0080–U+009F) become `<U+009B>`-style escapes.
/// - Bidirectional controls (embeddings, overrides, isolates, marks) become `<U+202E>`-style escapes,
///   so right-to-left text is shown but cannot reorder what surrounds it.
public enum TerminalSafe {
    /// Sanitises a single-line value. Newlines and tabs are shown as `^J` / `^I` too.
    public static func line(_ text: String) -> String {
        sanitize(text, keepNewlines: false)
    }

    /// Sanitises multi-line text (notes): keeps `\n`, shows every other control.
    public static func multiline(_ text: String) -> String {
        sanitize(text, keepNewlines: true)
    }

    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || isBidiControl(v)
    }

    private static func isBidiControl(_ v: UInt32) -> Bool {
        v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    private static func sanitize(_ text: String, keepNewlines: Bool) -> String {
        // Fast path: most text has nothing to replace.
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if keepNewlines && v == 0x0A {
                out.append(scalar)
            } else if v < 0x20 {
                out.append("^")
                out.append(Unicode.Scalar(UInt8(v + 0x40)))
            } else if v == 0x7F {
                out.append(contentsOf: "^?".unicodeScalars)
            } else if isUnsafe(scalar) {
                out.append(contentsOf: "<U+\(hex4(v))>".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func hex4(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
