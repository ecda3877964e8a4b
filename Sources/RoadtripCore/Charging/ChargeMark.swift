/// A stop the charge planner inserted to charge at (the stop's `charge` field): the power it planned with and the
/// energy it planned to add. The stop's `stay` is the charging time; the battery walk recomputes the state of
/// charge from these, so an edited trip still shows what its battery holds.
public struct ChargeMark: Equatable, Hashable, Sendable, Codable {
    /// The power drawn, kW: the lesser of the station's socket and the car's curve, averaged over the charge.
    public var kw: Double
    /// The energy added, kWh.
    public var kWh: Double
    /// The socket planned with.
    public var socket: SocketKind?

    public init(kw: Double, kWh: Double, socket: SocketKind?) {
        self.kw = kw
        self.kWh = kWh
        self.socket = socket
    }

    /// Bounds for what a file may hold.
    public static let kwRange: ClosedRange<Double> = 0.1...1_000
    public static let kWhRange: ClosedRange<Double> = 0...1_000
}
