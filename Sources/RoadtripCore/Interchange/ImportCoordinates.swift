import Foundation

/// Positions as files give them, held to the rules of typed coordinates. In GPX and KML a coordinate is text:
/// a plain decimal by the typed numbers' rule (`CoordinateParser.decimal`: an optional sign, digits, one point
/// between digits), so that `0x10`, `0x1p3`, `1e1`, `inf` and `nan`, which `Double(String)` takes, are refused.
/// GeoJSON's are JSON numbers, whose grammar has exponents: those are numbers there, only non-numbers are
/// refused (`JSONScanner`). Either way the range is the entities' (`Coordinate`), and a zero is +0 as typed.
enum ImportCoordinates {
    /// Why a coordinate in a file was refused.
    struct NotDecimal: Error, CustomStringConvertible {
        let field: String, text: String
        var description: String {
            "\(field) \"\(TerminalSafe.line(String(text.prefix(40))))\" is not a decimal number of degrees"
        }
    }

    /// The number in an attribute or a `coordinates` tuple (surrounding spaces allowed, as XML Schema's decimal).
    static func degrees<Text: StringProtocol>(_ text: Text, field: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = CoordinateParser.decimal(trimmed) else { throw NotDecimal(field: field, text: String(text)) }
        return value
    }

    /// A checked position (`Coordinate`'s errors for one out of range or not finite), zeros made +0.
    static func position(latitude: Double, longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude == 0 ? 0 : latitude, longitude: longitude == 0 ? 0 : longitude)
    }
}

extension ImportedPoint {
    init(_ position: Coordinate) {
        self.init(latitude: position.latitude, longitude: position.longitude)
    }
}
