import Foundation
import RoadtripCore

/// The words for a trip's vehicle and roads to avoid: the note on the trip's screens and the `V` dialog, which says
/// where each figure comes from (the trip or the settings).
enum VehicleText {
    /// What the plan is routed for, on the title line: "campervan · no ferries"; nil for a car that takes every road.
    /// `settings`: the trip's (`Settings.applying`).
    static func note(_ settings: Settings) -> String? {
        var parts: [String] = []
        if settings.vehicle != .car { parts.append(settings.vehicle.rawValue) }
        if !settings.avoid.isEmpty { parts.append("no " + settings.avoid.map(\.rawValue).joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The dialog's lines for `trip` over the app's `settings`: its vehicle, the figures from the trip and from the
    /// settings, its roads to avoid and what the engines cannot honour of them.
    static func lines(_ trip: Trip, _ settings: Settings) -> [String] {
        let applied = settings.applying(trip), own = trip.vehicle ?? TripVehicle()
        var lines = ["Vehicle: \(applied.vehicle.rawValue), \(own.kind == nil ? "the settings'" : "this trip's")"]
        let figures = self.figures(applied, own)
        let fromTrip = figures.filter(\.fromTrip).map(\.text)
        let fromSettings = figures.filter { !$0.fromTrip }.map(\.text)
        if !fromTrip.isEmpty { lines.append("From this trip: " + fromTrip.joined(separator: ", ")) }
        if !fromSettings.isEmpty { lines.append("From the settings: " + fromSettings.joined(separator: ", ")) }
        if applied.vehicle != settings.vehicle, !self.figures(settings, TripVehicle()).isEmpty {
            lines.append("The settings' figures are a \(settings.vehicle.rawValue)'s: not used")
        }
        let avoids = applied.avoid.isEmpty ? "none" : applied.avoid.map(EngineLimitText.name).joined(separator: ", ")
        lines.append("Roads to avoid: \(avoids), \(trip.avoid == nil ? "the settings'" : "this trip's")")
        if let limits = EngineLimitText.note(applied) {
            lines.append(limits.prefix(1).uppercased() + limits.dropFirst())
        }
        return lines
    }

    /// The figures that are known, each with whether the trip gives it: "top 90 km/h", "3 m tall", "8 l/100 km",
    /// "10 at 120 km/h", "tank 60 l".
    private static func figures(_ settings: Settings, _ own: TripVehicle) -> [(text: String, fromTrip: Bool)] {
        let unit = settings.vehicle.isElectric ? "kWh" : "l"
        let all: [(value: Double, text: String, fromTrip: Bool)] = [
            (settings.topSpeedKmh, "top \(number(settings.topSpeedKmh)) km/h", own.topSpeedKmh != nil),
            (settings.heightM, "\(number(settings.heightM)) m tall", own.heightM != nil),
            (settings.widthM, "\(number(settings.widthM)) m wide", own.widthM != nil),
            (settings.weightT, "\(number(settings.weightT)) t", own.weightT != nil),
            (settings.consumptionPer100km, "\(number(settings.consumptionPer100km)) \(unit)/100 km",
             own.consumptionPer100km != nil),
            // Only the settings have it: a trip's consumption replaces both.
            (settings.consumptionAt120Per100km, "\(number(settings.consumptionAt120Per100km)) at 120 km/h", false),
            (settings.tank, "\(settings.vehicle.isElectric ? "battery" : "tank") \(number(settings.tank)) \(unit)",
             own.tank != nil),
        ]
        return all.filter { $0.value > 0 }.map { ($0.text, $0.fromTrip) }
    }

    /// "90", "2.2", "3.5": the fewest digits.
    private static func number(_ value: Double) -> String {
        String(format: "%g", value)
    }

    /// The kind after the trip's in the cycle car → campervan → motorcycle → ev, or nil (the settings') where
    /// that would be the settings' own: each press changes what the trip is routed for.
    static func nextKind(_ trip: Trip, _ settings: Settings) -> VehicleKind? {
        let kinds = VehicleKind.allCases, current = trip.vehicle?.kind ?? settings.vehicle
        let next = kinds[(kinds.firstIndex(of: current)! + 1) % kinds.count]
        return next == settings.vehicle ? nil : next
    }

    /// The key that toggles each road in the dialog.
    static let avoidKeys: [(key: Character, avoid: Avoid)] = [("m", .motorways), ("f", .ferries), ("t", .tolls),
                                                               ("u", .unpaved)]
}
