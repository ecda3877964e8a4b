import Foundation

/// A trip named in a command the user may paste into a shell ("roadtrip region which 'Outback 2027'").
public enum ShellWord {
    /// The name as one shell word (single-quoted unless plain); a name that a terminal cannot show as typed
    /// (control characters, `TerminalSafe`) is given as the trip's id, which every command accepts.
    public static func trip(_ trip: Trip) -> String {
        guard !trip.name.isEmpty, TerminalSafe.line(trip.name) == trip.name else {
            return String(trip.id.uuidString.prefix(8))
        }
        return quoted(trip.name)
    }

    /// `text` unchanged when it holds only letters, digits and `_@%+=:,./-`; else in single quotes.
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "_@%+=:,./-".unicodeScalars.contains($0))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
