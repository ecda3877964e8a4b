import Foundation

/// A trip's own vehicle, over the settings' field by field (a rented campervan for one trip). A field left out is
/// the settings' value, unless the trip names another kind of vehicle: then the settings' figures describe some other
/// vehicle and are not used (`Settings.applying(_:)`). Prices are the market's, not the vehicle's: they stay.
public struct TripVehicle: Equatable, Hashable, Sendable {
    public var kind: VehicleKind?
    public var topSpeedKmh: Double?
    public var consumptionPer100km: Double?
    public var tank: Double?
    public var heightM: Double?
    public var widthM: Double?
    public var weightT: Double?
    public var fuelPrice: Double?
    public var energyPrice: Double?

    public init(kind: VehicleKind? = nil, topSpeedKmh: Double? = nil, consumptionPer100km: Double? = nil,
                tank: Double? = nil, heightM: Double? = nil, widthM: Double? = nil, weightT: Double? = nil,
                fuelPrice: Double? = nil, energyPrice: Double? = nil) {
        self.kind = kind
        self.topSpeedKmh = topSpeedKmh
        self.consumptionPer100km = consumptionPer100km
        self.tank = tank
        self.heightM = heightM
        self.widthM = widthM
        self.weightT = weightT
        self.fuelPrice = fuelPrice
        self.energyPrice = energyPrice
    }

    public var isEmpty: Bool { self == TripVehicle() }

    /// Each number's file name, its place and its bounds (the settings' own).
    static let numbers: [(name: String, path: WritableKeyPath<TripVehicle, Double?>, range: ClosedRange<Double>)] = [
        ("topSpeedKmh", \.topSpeedKmh, 0...300), ("consumptionPer100km", \.consumptionPer100km, 0...100),
        ("tank", \.tank, 0...1_000), ("heightM", \.heightM, 0...10), ("widthM", \.widthM, 0...5),
        ("weightT", \.weightT, 0...60), ("fuelPrice", \.fuelPrice, 0...1_000), ("energyPrice", \.energyPrice, 0...1_000),
    ]

    /// Throws `ValidationError` for a number outside the settings' bounds.
    public func check() throws {
        for field in Self.numbers {
            guard let value = self[keyPath: field.path] else { continue }
            guard value.isFinite else { throw ValidationError.notFinite(field: field.name) }
            guard field.range.contains(value) else {
                throw ValidationError.outOfRange(field: field.name, value: value, range: field.range)
            }
        }
    }

    /// As the trips file has it: an object with the fields that are set.
    public var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let kind { members["kind"] = .string(kind.rawValue) }
        for field in Self.numbers {
            if let value = self[keyPath: field.path] { members[field.name] = .number(TOMLValue.decimal(value)) }
        }
        return .object(members)
    }

    /// From the file's object; nil when a member is of the wrong type, out of its bounds or unknown.
    public init?(json: JSONValue) {
        guard case let .object(members) = json else { return nil }
        self.init()
        for (name, value) in members {
            if name == "kind" {
                guard let text = value.string, let kind = VehicleKind(rawValue: text) else { return nil }
                self.kind = kind
            } else if let field = Self.numbers.first(where: { $0.name == name }) {
                guard let number = value.double, field.range.contains(number) else { return nil }
                self[keyPath: field.path] = number
            } else {
                return nil
            }
        }
    }
}

extension Settings {
    /// These settings as `trip` overrides them: its vehicle (`TripVehicle`) and its roads to avoid.
    public func applying(_ trip: Trip) -> Settings {
        guard trip.vehicle != nil || trip.avoid != nil else { return self }
        var settings = self
        if let vehicle = trip.vehicle {
            if let kind = vehicle.kind, kind != self.vehicle {
                settings.vehicle = kind
                (settings.topSpeedKmh, settings.consumptionPer100km, settings.consumptionAt120Per100km) = (0, 0, 0)
                (settings.tank, settings.rangeKm, settings.heightM, settings.widthM, settings.weightT) = (0, 0, 0, 0, 0)
                settings.batteryKWh = 0
            }
            if let value = vehicle.topSpeedKmh { settings.topSpeedKmh = value }
            if let value = vehicle.consumptionPer100km {
                settings.consumptionPer100km = value
                settings.consumptionAt120Per100km = 0
            }
            if let value = vehicle.tank {
                settings.tank = value
                // The trip's tank is its range and, for an ev, its battery: not the settings' figures for them.
                (settings.rangeKm, settings.batteryKWh) = (0, 0)
            }
            if let value = vehicle.heightM { settings.heightM = value }
            if let value = vehicle.widthM { settings.widthM = value }
            if let value = vehicle.weightT { settings.weightT = value }
            if let value = vehicle.fuelPrice { settings.fuelPrice = value }
            if let value = vehicle.energyPrice { settings.energyPrice = value }
        }
        if let avoid = trip.avoid { settings.avoid = avoid }
        return settings
    }
}
