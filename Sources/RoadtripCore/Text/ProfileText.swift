import Foundation

/// What a plan stands on besides the roads: the vehicle and the roads it keeps off, and where an engine could not.
public enum ProfileText {
    /// "campervan · top 90 km/h · 3 m tall · avoiding ferries, tolls"; nil for the standard profile (a car, nothing
    /// avoided, no limits).
    public static func vehicle(_ settings: Settings) -> String? {
        let profile = settings.routeProfile
        guard profile != .standard else { return nil }
        var parts = [profile.vehicle.rawValue]
        if profile.topSpeedKmh > 0 { parts.append("top \(TOMLValue.decimal(profile.topSpeedKmh)) km/h") }
        if profile.heightM > 0 { parts.append("\(TOMLValue.decimal(profile.heightM)) m tall") }
        if profile.widthM > 0 { parts.append("\(TOMLValue.decimal(profile.widthM)) m wide") }
        if profile.weightT > 0 { parts.append("\(TOMLValue.decimal(profile.weightT)) t") }
        if !profile.avoid.isEmpty { parts.append("avoiding " + profile.avoid.map(\.rawValue).joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// Why a leg could not honour the profile: "tolls not avoided: Routino has no toll data"; nil when it did.
    public static func unhonoured(_ leg: Itinerary.Leg) -> String? {
        var reasons: [String] = [], avoids: [String: [Avoid]] = [:]
        for avoid in leg.unavoided {
            let why = reason(leg.source, avoid)
            if avoids[why] == nil { reasons.append(why) }
            avoids[why, default: []].append(avoid)
        }
        var notes = reasons.map { why in (avoids[why] ?? []).map(\.rawValue).joined(separator: ", ") + " not avoided: " + why }
        if leg.ownProfile {
            notes.append("routed for the OSRM server's own vehicle: vehicle, height, width and weight not applied")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    /// The legs that could not honour the profile, grouped by why: ("every leg", "tolls not avoided: …"), or
    /// ("legs 1–2, 3–4", …); at most five legs named, then how many more.
    public static func unhonouredLegs(_ itinerary: Itinerary) -> [(legs: String, note: String)] {
        var order: [String] = [], legs: [String: [Int]] = [:]
        for leg in itinerary.legs {
            guard let note = unhonoured(leg) else { continue }
            if legs[note] == nil { order.append(note) }
            legs[note, default: []].append(leg.from)
        }
        return order.map { note in
            let froms = legs[note] ?? []
            if froms.count == itinerary.legs.count && froms.count > 1 { return ("every leg", note) }
            let named = froms.prefix(5).map { "\($0 + 1)–\($0 + 2)" }.joined(separator: ", ")
            let more = froms.count > 5 ? " and \(froms.count - 5) more" : ""
            return ((froms.count == 1 ? "leg " : "legs ") + named + more, note)
        }
    }

    private static func reason(_ source: LegSource, _ avoid: Avoid) -> String {
        switch (source, avoid) {
        case (.estimate, .ferries): return "no way round over land"
        case (.estimate, _): return "a straight line keeps off no road"
        case (.routino, .tolls): return "Routino has no toll data"
        case (.routino, _): return "Routino could not"
        case (.osrm, .unpaved): return "OSRM has no class for unpaved roads"
        case (.osrm, _): return "the OSRM server's profile cannot exclude it"
        }
    }

    /// What a trip sets of its profile: "campervan, 3 m tall, avoiding ferries", or "the settings'".
    public static func tripProfile(_ trip: Trip) -> String {
        var parts: [String] = []
        if let vehicle = trip.vehicle {
            if let kind = vehicle.kind { parts.append(kind.rawValue) }
            if let top = vehicle.topSpeedKmh { parts.append("top \(TOMLValue.decimal(top)) km/h") }
            if let height = vehicle.heightM { parts.append("\(TOMLValue.decimal(height)) m tall") }
            if let width = vehicle.widthM { parts.append("\(TOMLValue.decimal(width)) m wide") }
            if let weight = vehicle.weightT { parts.append("\(TOMLValue.decimal(weight)) t") }
            if let consumption = vehicle.consumptionPer100km {
                parts.append("\(TOMLValue.decimal(consumption)) per 100 km")
            }
            if let tank = vehicle.tank { parts.append("tank \(TOMLValue.decimal(tank))") }
            if let price = vehicle.fuelPrice { parts.append("fuel at \(TOMLValue.decimal(price))") }
            if let price = vehicle.energyPrice { parts.append("energy at \(TOMLValue.decimal(price))") }
        }
        if let avoid = trip.avoid {
            parts.append(avoid.isEmpty ? "avoiding nothing" : "avoiding " + avoid.map(\.rawValue).joined(separator: ", "))
        }
        return parts.isEmpty ? "the settings'" : parts.joined(separator: ", ")
    }
}
