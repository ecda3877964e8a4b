/// Style bits that every terminal can show, with or without colour.
public struct TextStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1 << 0)
    public static let reverse = TextStyle(rawValue: 1 << 1)
    public static let underline = TextStyle(rawValue: 1 << 2)
    public static let dim = TextStyle(rawValue: 1 << 3)
}

/// What a piece of text *is*; the terminal picks its colour, or a style when colour is off
/// (`NO_COLOR`, monochrome terminals), so screens never hard-code colours.
public enum ColorRole: Int, CaseIterable, Hashable, Sendable {
    case normal, title, accent, muted, error, selection, status
    /// Seas, lakes and rivers on a map (plain text without colour).
    case water
}

/// How a cell is drawn: a colour role plus explicit style bits.
public struct Attributes: Hashable, Sendable {
    public var role: ColorRole
    public var style: TextStyle

    public init(_ role: ColorRole = .normal, _ style: TextStyle = []) {
        self.role = role
        self.style = style
    }

    public static let normal = Attributes()
    public static let title = Attributes(.title, .bold)
    public static let accent = Attributes(.accent)
    public static let muted = Attributes(.muted)
    public static let error = Attributes(.error, .bold)
    public static let selection = Attributes(.selection, .reverse)
    public static let status = Attributes(.status, .reverse)
}
