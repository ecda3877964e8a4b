/// A terminal cell as the map draws it: one braille character, 2 dots across and 4 down (TerminalUI's
/// `BrailleCanvas` draws them). The map's coordinates are in dots; a cell is found by dividing by these.
public enum BrailleCell {
    public static let dotsAcross = 2
    public static let dotsDown = 4
}
