import RoadtripCore
import TerminalUI

/// The leg marks as a terminal can show them: the ferry's symbol becomes its word where the locale cannot
/// show Unicode (as the other marks degrade, `TripDetailView.darkMark`).
enum LegMarkText {
    static func shown(_ text: String, on terminal: Terminal) -> String {
        terminal.symbols == .unicode ? text : ascii(text)
    }

    /// The text with the ferry's word: also what the columns are measured with, so that either fits.
    static func ascii(_ text: String) -> String {
        // Looked for by scalar: Foundation's `contains` for strings costs a microsecond a row, 500 rows a key.
        text.unicodeScalars.contains(ferryScalar)
            ? text.replacingOccurrences(of: TripText.ferryMark, with: TripText.ferryWord) : text
    }

    private static let ferryScalar = TripText.ferryMark.unicodeScalars.first!
}
