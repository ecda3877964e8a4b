/// Glyphs the UI draws itself; ASCII stand-ins when the locale cannot show Unicode.
public struct Symbols: Equatable, Sendable {
    public var ellipsis: String
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    public var scrollTrack: String
    public var scrollThumb: String
    public var arrow: String
    public var separator: String

    public static let unicode = Symbols(
        ellipsis: "…", horizontal: "─", vertical: "│",
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        scrollTrack: "│", scrollThumb: "█", arrow: "→", separator: "·")

    public static let ascii = Symbols(
        ellipsis: "~", horizontal: "-", vertical: "|",
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        scrollTrack: "|", scrollThumb: "#", arrow: "->", separator: "-")
}
