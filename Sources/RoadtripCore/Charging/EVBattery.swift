import Foundation

/// An electric car as the charge planner sees it: its usable battery, the states of charge it starts with, keeps in
/// reserve and charges to, its curve, its ports, and what it uses per km. States of charge (SoC) are whole
/// percents of the usable battery, as the planner counts in 1 % steps.
public struct EVBattery: Equatable, Sendable {
    public var usableKWh: Double
    public var startSoC: Int
    /// The least SoC on arrival at a charger and at a night's stop.
    public var reserveSoC: Int
    /// Where a charge stops (fast charging slows to a trickle beyond 80 %), and what a night with a charger gives.
    public var chargeToSoC: Int
    public var curve: ChargeCurve
    /// The car's onboard charger: what it draws on alternating current, whatever the socket gives.
    public var acKW: Double
    /// Parking, plugging in and paying: added to every charge stop.
    public var stopSeconds: Double
    public var ports: Set<SocketKind>
    /// From the socket, as WLTP and the EPA state it (kWh per 100 km at 90 and 120 km/h).
    public var consumption: FuelConsumption

    /// The share of the energy from the socket that reaches the battery (charging losses, about a tenth on both
    /// AC and DC): published consumption counts from the socket, the battery sees this much of it.
    public static let chargingEfficiency = 0.9
    /// What a stop costs the battery besides driving (heating or cooling the cabin again, waking the car).
    public static let auxiliaryKWhPerStop = 0.3
    /// A socket whose power is not tagged: what the planner assumes (and says it assumes).
    public static let untaggedDCKW = 50.0
    public static let untaggedACKW = 11.0

    public init(usableKWh: Double, startSoC: Int, reserveSoC: Int, chargeToSoC: Int, curve: ChargeCurve, acKW: Double,
                stopSeconds: Double, ports: Set<SocketKind>, consumption: FuelConsumption) {
        self.usableKWh = usableKWh
        self.startSoC = startSoC
        self.reserveSoC = reserveSoC
        self.chargeToSoC = chargeToSoC
        self.curve = curve
        self.acKW = acKW
        self.stopSeconds = stopSeconds
        self.ports = ports
        self.consumption = consumption
    }

    /// kWh one percent of the battery holds.
    public var kWhPerPercent: Double { usableKWh / 100 }

    /// What the battery gives per km at `kmh`.
    public func batteryKWhPerKm(at kmh: Double) -> Double {
        consumption.per100km(at: kmh) * Self.chargingEfficiency / 100
    }

    /// How far a charge from 100 % to 0 goes at a steady `kmh`, km.
    public func rangeKm(at kmh: Double) -> Double {
        let perKm = batteryKWhPerKm(at: kmh)
        return perKm > 0 ? usableKWh / perKm : 0
    }

    /// The best this car can draw at `charger`: its compatible socket of most power (AC capped by the onboard
    /// charger), and whether that power is assumed (untagged); nil when no socket fits or the station is private.
    public func power(at charger: Charger) -> ChargerPower? {
        guard !charger.isPrivate else { return nil }
        var best: ChargerPower?
        for socket in charger.sockets where ports.contains(socket.kind) {
            let tagged = socket.kw ?? (socket.kind.isDC ? Self.untaggedDCKW : Self.untaggedACKW)
            let kw = socket.kind.isDC ? tagged : min(tagged, acKW)
            if best.map({ kw > $0.kw }) ?? true {
                best = ChargerPower(kw: kw, socket: socket.kind, isAssumed: socket.kw == nil)
            }
        }
        return best
    }

    /// What the car draws at `percent` from a socket giving `power`: on DC the lesser of the station and the curve.
    public func kw(atPercent percent: Int, power: ChargerPower) -> Double {
        power.socket.isDC ? min(power.kw, curve.kw(atPercent: percent)) : power.kw
    }

    /// Seconds to charge from 0 to each percent (101 values) at `power`: the time from a to b is `t[b] - t[a]`.
    /// A percent the car would draw nothing at (a curve at 0 kW) cannot be passed: infinity from there on.
    public func chargeSeconds(power: ChargerPower) -> [Double] {
        var seconds = [Double](repeating: 0, count: 101)
        for percent in 0..<100 {
            let kw = kw(atPercent: percent, power: power)
            seconds[percent + 1] = seconds[percent] + (kw > 0 ? kWhPerPercent / kw * 3600 : .infinity)
        }
        return seconds
    }
}

/// What a car draws at a charger: the power, through which socket, and whether the station's power was untagged.
public struct ChargerPower: Hashable, Sendable {
    public var kw: Double
    public var socket: SocketKind
    public var isAssumed: Bool

    public init(kw: Double, socket: SocketKind, isAssumed: Bool) {
        self.kw = kw
        self.socket = socket
        self.isAssumed = isAssumed
    }
}
