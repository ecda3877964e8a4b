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
        text.contains(TripText.ferryMark) ? text.replacingOccurrences(of: TripText.ferryMark, with: TripText.ferryWord)
            : text
    }
}
