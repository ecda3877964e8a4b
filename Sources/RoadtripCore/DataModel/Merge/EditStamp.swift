import Foundation

/// When and where a field was last changed: a hybrid logical clock's reading (`EditClock`). Stamps order by wall
/// time in milliseconds, then by a counter that keeps a device's stamps increasing when its clock stands still or
/// goes back, then by the device, so two machines that made the same edit order it the same way.
///
/// A field never edited since it was made, or since its file was written by roadtrip 1 (schema 1), has the zero
/// stamp: older than any edit.
public struct EditStamp: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let millis: Int64
    public let counter: UInt32
    public let device: DeviceID

    public static let zero = EditStamp(millis: 0, counter: 0, device: DeviceID(0))

    public init(millis: Int64, counter: UInt32, device: DeviceID) {
        self.millis = millis
        self.counter = counter
        self.device = device
    }

    public var isZero: Bool { self == .zero }

    public static func < (a: EditStamp, b: EditStamp) -> Bool {
        (a.millis, a.counter, a.device.value) < (b.millis, b.counter, b.device.value)
    }

    /// The file's form: "2027-06-01T10:15:00.123Z 4 3f9a2b1c" (UTC to the millisecond, the counter, the device).
    public var description: String {
        let (seconds, millisecond) = Int(millis).quotientAndRemainderRoundingDown(dividingBy: 1000)
        let (days, secondOfDay) = seconds.quotientAndRemainderRoundingDown(dividingBy: 86_400)
        let (year, month, day) = ISO8601.CivilCalendar.civil(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = String(millisecond + 1000).dropFirst()
        let yearText = String(String(year + 10_000).suffix(4))
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60)).\(fraction)Z \(counter) \(device)"
    }

    /// Reads the file's form back; nil for anything else (years 0000–9999, as the file's dates).
    public init?(_ text: String) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, let counter = UInt32(parts[1]), String(counter) == parts[1],
              let device = DeviceID(String(parts[2])) else { return nil }
        let clock = parts[0]
        // "YYYY-MM-DDThh:mm:ss.mmmZ": the ISO reader takes the whole seconds; the milliseconds are read here.
        guard clock.utf8.count == 24, clock.hasSuffix("Z"),
              clock.utf8[clock.utf8.index(clock.utf8.startIndex, offsetBy: 19)] == Byte.dot,
              let millisecond = Int64(clock.dropFirst(20).dropLast()), millisecond >= 0,
              let date = ISO8601.date(from: String(clock.prefix(19)) + "Z") else { return nil }
        let seconds = Int64(date.timeIntervalSince1970)
        self.init(millis: seconds * 1000 + millisecond, counter: counter, device: device)
        if device.value == 0 && self != .zero { return nil }
    }
}

/// Which roadtrip installation made an edit: 32 random bits kept in `$XDG_STATE_HOME/roadtrip/device`
/// (`DeviceIdentity`), never 0 (the zero stamp's). Written as eight hex digits.
public struct DeviceID: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt32

    public init(_ value: UInt32) {
        self.value = value
    }

    public init?(_ text: String) {
        guard text.utf8.count == 8, text.utf8.allSatisfy({ Byte.isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }),
              let value = UInt32(text, radix: 16) else { return nil }
        self.value = value
    }

    public var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// A new random device, never 0.
    public static func random() -> DeviceID {
        DeviceID(UInt32.random(in: 1...UInt32.max))
    }
}
