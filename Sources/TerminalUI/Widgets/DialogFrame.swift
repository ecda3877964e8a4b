/// The box every dialog is drawn in: centred, cleared, bordered, titled, and never larger than
/// the area (at tiny sizes it shrinks and the content is clipped, never drawn outside). Public for the app's own
/// modal screens (the optimise preview).
public enum DialogFrame {
    /// Draws the frame for `contentRows` rows of `contentColumns` columns; returns the inner rect
    /// (one column of padding inside the border).
    public static func draw(on terminal: Terminal, in area: Rect, title: String, contentRows: Int, contentColumns: Int) -> Rect {
        let box = area.centered(rows: contentRows + 2, columns: contentColumns + 4)
        terminal.fill(box)
        terminal.drawBox(box, title: title, attributes: .accent)
        return Rect(row: box.row + 1, column: box.column + 2, rows: box.rows - 2, columns: box.columns - 4)
    }

    /// A comfortable dialog width for the area: at most 60 columns, at least the title.
    public static func contentWidth(in area: Rect, title: String) -> Int {
        max(min(60, area.columns - 6), min(TextWidth.width(title) + 2, area.columns - 4))
    }
}
