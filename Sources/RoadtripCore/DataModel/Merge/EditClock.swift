import Foundation

/// A hybrid logical clock (Kulkarni et al., 2014): each stamp it gives is later than every stamp the document
/// holds and than the one before, and close to the wall clock. With clocks a few minutes apart two machines still
/// order each other's edits as they happened once they have seen them: an edit made after reading another's is
/// stamped after it, whatever the wall clock says. A clock hours fast makes that machine's concurrent edits win
/// for those hours (the other value is kept as a conflict, never lost) and drags the document's stamps ahead.
public struct EditClock: Sendable {
    public let device: DeviceID
    /// The latest stamp given or seen.
    public private(set) var latest: EditStamp
    /// The wall clock, in milliseconds since 1970 (tests give their own).
    private let now: @Sendable () -> Int64

    public init(device: DeviceID, latest: EditStamp = .zero,
                now: @escaping @Sendable () -> Int64 = { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }) {
        self.device = device
        self.latest = latest
        self.now = now
    }

    /// Takes note of a stamp from elsewhere (a file read, a merge): the next stamp is later.
    public mutating func see(_ stamp: EditStamp) {
        if stamp > latest { latest = stamp }
    }

    /// A new stamp, later than every stamp seen. The wall clock is bounded to years 1970–9999, as the file's
    /// dates are; the counter rolls into the next millisecond when it would overflow.
    public mutating func next() -> EditStamp {
        let wall = min(max(now(), 0), Self.lastMillis)
        let stamp: EditStamp
        if wall > latest.millis {
            stamp = EditStamp(millis: wall, counter: 0, device: device)
        } else if latest.counter < UInt32.max {
            stamp = EditStamp(millis: latest.millis, counter: latest.counter + 1, device: device)
        } else {
            stamp = EditStamp(millis: latest.millis + 1, counter: 0, device: device)
        }
        latest = stamp
        return stamp
    }

    /// 9999-12-31T23:59:59.999Z.
    static let lastMillis: Int64 = 253_402_300_799_999
}
