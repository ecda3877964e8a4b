import Foundation

/// A stretch of a day's road longer than the vehicle's range with no station (fuel, or charging for an electric
/// vehicle) within the corridor.
public struct FuelGap: Equatable, Sendable {
    public let day: Int
    /// From the day's start, km: where the stretch starts (the day's start or a station) and ends.
    public let startKm: Double
    public let endKm: Double
    /// Where it starts: the station's name, or the day's first stop.
    public let startName: String
    /// The stop of the day nearest to where it starts (along the road).
    public let nearStop: String
    public let station: POICategory
    /// Found along the straight line between the day's stops (an estimated leg has no road to follow).
    public let onStraightLine: Bool

    public init(day: Int, startKm: Double, endKm: Double, startName: String, nearStop: String, station: POICategory,
                onStraightLine: Bool = false) {
        self.day = day
        self.startKm = startKm
        self.endKm = endKm
        self.startName = startName
        self.nearStop = nearStop
        self.station = station
        self.onStraightLine = onStraightLine
    }

    public var lengthKm: Double { endKm - startKm }

    /// "256 km without fuel from km 0 (Vestvik Bensin, near Vestvik)": the name is the data's, sanitise it before a
    /// terminal shows it.
    public func text(_ unit: DistanceUnit) -> String {
        let what = station == .charge ? "charging" : "fuel"
        let place = startName == nearStop ? startName : "\(startName), near \(nearStop)"
        let start = DistanceUnit.grouped(Int(saturating: unit.value(fromKm: startKm).rounded()))
        return "\(unit.format(km: lengthKm)) without \(what) from \(unit.rawValue) \(start) (\(place))"
            + (onStraightLine ? " on the straight line" : "")
    }
}

public enum FuelGaps {
    /// The stretches between `stations` (km along a road of `lengthKm`, in any order) and the road's ends that are
    /// longer than `rangeKm`: (start, end) in order. None when `rangeKm` is not positive.
    public static func stretches(stations: [Double], lengthKm: Double, rangeKm: Double) -> [(start: Double, end: Double)] {
        guard rangeKm > 0, lengthKm > 0 else { return [] }
        let marks = [0] + stations.filter { $0 > 0 && $0 < lengthKm }.sorted() + [lengthKm]
        return zip(marks, marks.dropFirst()).filter { $1 - $0 > rangeKm }.map { ($0, $1) }
    }

    /// The gaps of day `number` (1-based) for the vehicle and range of `settings`; none when the range is 0, and
    /// none on a day with a leg that no one region read holds (its stations are not known: `check` says so).
    public static func gaps(day number: Int, trip: Trip, itinerary: Itinerary, finder: AlongFinder,
                            settings: Settings) -> [FuelGap] {
        let day = itinerary.days[number - 1]
        guard settings.range > 0, day.isDriving, unknownLegs(of: day, trip: trip, index: finder.index).isEmpty else { return [] }
        let station = settings.vehicle.station
        let along = finder.along(day: number, trip: trip, itinerary: itinerary, categories: [station])
        // Each stop of the day at its km along the road: the legs' distances added up.
        var stopKm: [(name: String, km: Double)] = [(trip.waypoints[day.startStop].name, 0)]
        for leg in day.legs { stopKm.append((trip.waypoints[leg + 1].name, stopKm.last!.km + itinerary.legs[leg].distanceKm)) }
        let straight = day.legs.contains { itinerary.legs[$0].geometry.count < 2 }
        return stretches(stations: along.stops.map(\.kmAlong), lengthKm: along.distanceKm,
                         rangeKm: settings.range).map { stretch in
            let nearStop = stopKm.min { abs($0.km - stretch.start) < abs($1.km - stretch.start) }!.name
            let startName = along.stops.first { $0.kmAlong == stretch.start }?.name ?? stopKm[0].name
            return FuelGap(day: number, startKm: stretch.start, endKm: stretch.end, startName: startName,
                           nearStop: nearStop, station: station, onStraightLine: straight)
        }
    }

    /// The range check of the whole trip: the gaps of every day whose legs an installed region holds, and the legs
    /// of the other days with why they could not be checked. Nil when no range is set. `finder` nil: no region.
    public static func check(trip: Trip, itinerary: Itinerary, finder: AlongFinder?, settings: Settings) -> FuelCheck? {
        guard settings.range > 0 else { return nil }
        let station = settings.vehicle.station
        var gaps: [FuelGap] = [], unchecked: [FuelCheck.Unchecked] = []
        for day in itinerary.days where day.isDriving {
            guard let finder, !finder.index.outlines.isEmpty else {
                unchecked += day.legs.map { .init(day: day.number, leg: $0, reason: .noRegion) }
                continue
            }
            let unknown = unknownLegs(of: day, trip: trip, index: finder.index)
            if unknown.isEmpty {
                gaps += FuelGaps.gaps(day: day.number, trip: trip, itinerary: itinerary, finder: finder, settings: settings)
            } else {
                unchecked += unknown.map { .init(day: day.number, leg: $0, reason: .outsideRegions) }
            }
        }
        return FuelCheck(gaps: gaps, unchecked: unchecked, station: station)
    }

    /// The legs of `day` whose two stops no one region read holds.
    private static func unknownLegs(of day: Itinerary.Day, trip: Trip, index: POIIndex) -> [Int] {
        day.legs.filter { !index.covers([trip.waypoints[$0].coordinate, trip.waypoints[$0 + 1].coordinate]) }
    }
}
