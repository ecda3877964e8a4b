import Foundation
@testable import RoadtripCore

/// The coordinate parser, on the input (or, when it has a newline, on the text before the first one and
/// the text after it) read as a pair and as single values:
/// - it returns a finite value in range, never -0, or throws its own `CoordinateParseError`, whose
///   message is safe to print (no control characters) and whose out-of-range value is really out of range;
/// - with two parts, latitude and longitude read one by one are what the pair parser reads from `"lat, lon"`;
/// - a parsed pair, written as the place search labels it (five decimals), parses back to within 1e-5.
public enum CoordinateFuzzCheck {
    public static func check(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        let fields = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        for field in fields {
            try checkPair(field)
            _ = try value(field, CoordinateParser.parseLatitude, range: 90)
            _ = try value(field, CoordinateParser.parseLongitude, range: 180)
        }
        guard fields.count == 2, !fields.contains(where: { $0.contains(",") || $0.contains(";") || $0.contains("\n") }),
              let latitude = try value(fields[0], CoordinateParser.parseLatitude, range: 90),
              let longitude = try value(fields[1], CoordinateParser.parseLongitude, range: 180) else { return }
        let pair = fields[0] + ", " + fields[1]
        let parsed = try? CoordinateParser.parse(pair)
        try FuzzCheckFailure.require(parsed?.latitude == latitude && parsed?.longitude == longitude,
                                     "the pair parser reads \(String(describing: parsed)), the single ones (\(latitude), \(longitude))",
                                     input: pair)
    }

    private static func checkPair(_ text: String) throws {
        let coordinate: Coordinate
        do {
            coordinate = try CoordinateParser.parse(text)
        } catch {
            try checkError(error, text)
            return
        }
        try checkValue(coordinate.latitude, range: 90, text)
        try checkValue(coordinate.longitude, range: 180, text)
        let label = "\(PlaceIndex.format(coordinate.latitude)), \(PlaceIndex.format(coordinate.longitude))"
        let again = try? CoordinateParser.parse(label)
        try FuzzCheckFailure.require(again.map { abs($0.latitude - coordinate.latitude) <= 1e-5
                                                 && abs($0.longitude - coordinate.longitude) <= 1e-5 } == true,
                                     "the label \(label.debugDescription) reads back as \(String(describing: again))", input: text)
    }

    /// The value `parse` reads from `text`, or nil when it refuses it properly.
    private static func value(_ text: String, _ parse: (String) throws -> Double, range: Double) throws -> Double? {
        do {
            let value = try parse(text)
            try checkValue(value, range: range, text)
            return value
        } catch let failure as FuzzCheckFailure {
            throw failure
        } catch {
            try checkError(error, text)
            return nil
        }
    }

    private static func checkValue(_ value: Double, range: Double, _ text: String) throws {
        try FuzzCheckFailure.require(value.isFinite && abs(value) <= range, "\(value) is not within ±\(range)", input: text)
        try FuzzCheckFailure.require(!(value == 0 && value.sign == .minus), "the parser returned -0", input: text)
    }

    private static func checkError(_ error: Error, _ text: String) throws {
        guard let error = error as? CoordinateParseError else {
            throw FuzzCheckFailure(description: "the parser threw \(error), not CoordinateParseError (input: \(text.debugDescription))")
        }
        try FuzzCheckFailure.require(!error.description.unicodeScalars.contains(where: TerminalSafe.isUnsafe),
                                     "the message \(error.description.debugDescription) has control characters", input: text)
        switch error {
        case .latitudeOutOfRange(let value):
            try FuzzCheckFailure.require(!(abs(value) <= 90), "latitude \(value) was called out of range", input: text)
        case .longitudeOutOfRange(let value):
            try FuzzCheckFailure.require(!(abs(value) <= 180), "longitude \(value) was called out of range", input: text)
        default:
            break
        }
    }
}
