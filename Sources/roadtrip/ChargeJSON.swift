import Foundation
import RoadtripCore

/// `roadtrip charge --json`: the names (`feasible`, `charges`, `stops`, `gaps`) are the contract.
struct ChargeJSON: Encodable {
    struct Charge: Encodable {
        /// 1-based: the stop it follows in the planned trip; `position` is its own.
        let afterStop: Int
        let position: Int
        let day: Int
        let name: String
        let osmID: String
        let latitude: Double
        let longitude: Double
        /// The power it charges at, averaged over the charge; `socketKw` the socket's (untagged: `powerAssumed`).
        let kw: Double
        let socketKw: Double
        let socket: String
        let powerAssumed: Bool
        let arriveSoc: Int
        let departSoc: Int
        let kWh: Double
        /// The time at the charger (charging and charge_stop_minutes): the stop's stay.
        let minutes: Int
        let detourKm: Double
    }

    struct Stop: Encodable {
        let position: Int
        let name: String
        let arriveSoc: Int?
        let departSoc: Int?
        let charge: Bool
        let chargesOvernight: Bool
    }

    struct Gap: Encodable {
        let day: Int
        let afterStop: Int
        let fromKm: Double
        let runsOutKm: Double
        let toKm: Double
        let toDayEnd: Bool
        let shortKm: Double
        let shortPercent: Int
        let latitude: Double?
        let longitude: Double?
        let fixes: [String]
    }

    struct Battery: Encodable {
        let usableKWh: Double
        let startSoc: Int
        let reserveSoc: Int
        let chargeToSoc: Int
    }

    let trip: String
    let feasible: Bool
    let applied: Bool
    let battery: Battery
    let charges: [Charge]
    let stops: [Stop]
    let gaps: [Gap]
    /// Days whose corridor followed the straight line (no road data): "road", "straight line" or "mixed" per day.
    let basis: [String: String]
    let unused: [String: Int]
    let attribution = Credits.openStreetMap

    init(_ charging: TripCharging, applied: Bool) {
        func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        let trip = charging.after
        self.trip = trip.name
        feasible = charging.feasible
        self.applied = applied
        let model = charging.battery
        battery = Battery(usableKWh: model.usableKWh, startSoc: model.startSoC, reserveSoc: model.reserveSoC,
                          chargeToSoc: model.chargeToSoC)
        charges = charging.charges.map {
            Charge(afterStop: $0.position, position: $0.position + 1, day: $0.day, name: $0.name, osmID: $0.osmID,
                   latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, kw: tenth($0.kw),
                   socketKw: tenth($0.socketKW), socket: $0.socket.rawValue, powerAssumed: $0.isAssumed,
                   arriveSoc: $0.arriveSoC, departSoc: $0.departSoC, kWh: tenth($0.kWh), minutes: $0.minutes,
                   detourKm: tenth($0.detourKm))
        }
        stops = charging.stops.map {
            Stop(position: $0.position + 1, name: trip.waypoints[$0.position].name, arriveSoc: $0.arriveSoC,
                 departSoc: $0.departSoC, charge: trip.waypoints[$0.position].charge != nil,
                 chargesOvernight: $0.chargesOvernight)
        }
        gaps = charging.gaps.map {
            Gap(day: $0.day, afterStop: $0.afterStop + 1, fromKm: tenth($0.fromKm), runsOutKm: tenth($0.runsOutKm),
                toKm: tenth($0.toKm), toDayEnd: $0.toEnd, shortKm: tenth($0.shortKm), shortPercent: $0.shortPercent,
                latitude: $0.coordinate?.latitude, longitude: $0.coordinate?.longitude, fixes: $0.fixes)
        }
        basis = Dictionary(uniqueKeysWithValues: charging.bases.map { ("\($0.day)", $0.basis.rawValue) })
        unused = ["incompatible": charging.unused.incompatible, "private": charging.unused.isPrivate,
                  "unknownSockets": charging.unused.unknown]
    }
}
