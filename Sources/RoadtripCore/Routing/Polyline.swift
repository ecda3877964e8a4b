import Foundation

/// The encoded polyline format (OSRM's `polyline6` at precision 6, Google's at 5): each point's latitude
/// then longitude, as the difference from the previous point in units of 10^-precision degrees, written
/// as printable ASCII in 5-bit groups. OSRM answers in it, and the leg cache stores geometry in it.
public enum Polyline {
    public struct DecodingError: Error, Equatable {}

    public static func encode(_ points: [Coordinate], precision: Int = 6) -> String {
        let factor = pow(10, Double(precision))
        var text = String.UnicodeScalarView()
        var previous = (latitude: 0, longitude: 0)
        for point in points {
            let latitude = Int((point.latitude * factor).rounded())
            let longitude = Int((point.longitude * factor).rounded())
            append(latitude - previous.latitude, to: &text)
            append(longitude - previous.longitude, to: &text)
            previous = (latitude, longitude)
        }
        return String(text)
    }

    /// Throws on anything that is not a whole list of valid coordinates (a cut-off or foreign text).
    public static func decode(_ text: String, precision: Int = 6) throws -> [Coordinate] {
        let factor = pow(10, Double(precision))
        var points: [Coordinate] = []
        var bytes = text.utf8.makeIterator()
        var latitude = 0, longitude = 0
        while let latitudeDelta = try next(&bytes) {
            guard let longitudeDelta = try next(&bytes) else { throw DecodingError() }
            latitude += latitudeDelta
            longitude += longitudeDelta
            do {
                points.append(try Coordinate(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor))
            } catch {
                throw DecodingError()
            }
        }
        return points
    }

    /// Doubled (the sign moves to the lowest bit, inverted when negative), then 5 bits at a time from the
    /// lowest, each group but the last flagged with 0x20, each offset by 63 into printable ASCII.
    private static func append(_ value: Int, to text: inout String.UnicodeScalarView) {
        var rest = UInt(bitPattern: value < 0 ? ~(value << 1) : value << 1)
        while rest >= 0x20 {
            text.append(Unicode.Scalar(UInt8(0x20 | (rest & 0x1f)) + 63))
            rest >>= 5
        }
        text.append(Unicode.Scalar(UInt8(rest) + 63))
    }

    /// The next value, or nil at the end of the text.
    private static func next(_ bytes: inout String.UTF8View.Iterator) throws -> Int? {
        var result: UInt = 0
        var shift: UInt = 0
        while true {
            guard let byte = bytes.next() else {
                if shift == 0 { return nil }
                throw DecodingError()
            }
            guard (63...126).contains(byte), shift <= 55 else { throw DecodingError() }
            let group = UInt(byte - 63)
            result |= (group & 0x1f) << shift
            shift += 5
            if group < 0x20 { break }
        }
        let value = Int(bitPattern: result >> 1)
        return result & 1 == 0 ? value : ~value
    }
}
