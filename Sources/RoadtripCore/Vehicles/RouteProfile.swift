import Foundation

/// What the user drives, as the routing engines see it.
public enum VehicleKind: String, CaseIterable, Codable, Sendable {
    case car, campervan, motorcycle, ev

    /// The points of interest that refill it: fuel, or charging for an electric one (the fuel gaps).
    public var station: POICategory { self == .ev ? .charge : .fuel }
    /// Whether its consumption is in kWh (else litres).
    public var isElectric: Bool { self == .ev }
}

/// A kind of road or crossing the user asks to keep off.
public enum Avoid: String, CaseIterable, Codable, Comparable, Sendable {
    case motorways, ferries, tolls, unpaved

    public static func < (a: Avoid, b: Avoid) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// "motorways,ferries" → [.motorways, .ferries] in their own order; nil when a name is unknown. Spaces around the
    /// names are ignored and an empty text is no avoid.
    public static func list(_ text: String) -> [Avoid]? {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var avoids = Set<Avoid>()
        for name in names {
            guard let avoid = Avoid(rawValue: name.lowercased()) else { return nil }
            avoids.insert(avoid)
        }
        return avoids.sorted()
    }
}

/// What a routing engine is asked to honour for a leg: the vehicle, its top speed and size, and the roads to avoid.
/// The standard profile (a car, nothing avoided, no limits) is what every engine did before profiles, and legs cached
/// then stay valid (`identity` is empty for it).
public struct RouteProfile: Hashable, Sendable {
    public var vehicle: VehicleKind = .car
    /// Caps every leg's speed, km/h; 0: no cap.
    public var topSpeedKmh: Double = 0
    /// Metres and tonnes; 0: not given (no restriction applied).
    public var heightM: Double = 0
    public var widthM: Double = 0
    public var weightT: Double = 0
    /// Sorted, without repeats.
    public var avoid: [Avoid] = []

    public init(vehicle: VehicleKind = .car, topSpeedKmh: Double = 0, heightM: Double = 0, widthM: Double = 0,
                weightT: Double = 0, avoid: [Avoid] = []) {
        self.vehicle = vehicle
        self.topSpeedKmh = topSpeedKmh
        self.heightM = heightM
        self.widthM = widthM
        self.weightT = weightT
        self.avoid = Array(Set(avoid)).sorted()
    }

    public static let standard = RouteProfile()

    public func avoids(_ avoid: Avoid) -> Bool { self.avoid.contains(avoid) }

    /// Appended to an engine's identity, so that legs routed for another profile are cached apart: "" for the
    /// standard profile, else " profile=campervan top=90 height=3 avoid=ferries,tolls".
    public var identity: String {
        guard self != .standard else { return "" }
        var parts = ["profile=\(vehicle.rawValue)"]
        if topSpeedKmh > 0 { parts.append("top=\(TOMLValue.decimal(topSpeedKmh))") }
        if heightM > 0 { parts.append("height=\(TOMLValue.decimal(heightM))") }
        if widthM > 0 { parts.append("width=\(TOMLValue.decimal(widthM))") }
        if weightT > 0 { parts.append("weight=\(TOMLValue.decimal(weightT))") }
        if !avoid.isEmpty { parts.append("avoid=" + avoid.map(\.rawValue).joined(separator: ",")) }
        return " " + parts.joined(separator: " ")
    }

    /// A leg's time at this profile's top speed at most: `seconds` for `km`, or longer.
    public func capped(km: Double, seconds: Double) -> Double {
        guard topSpeedKmh > 0, km > 0 else { return seconds }
        return max(seconds, km / topSpeedKmh * 3600)
    }
}
