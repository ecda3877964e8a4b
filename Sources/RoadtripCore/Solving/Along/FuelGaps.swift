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

    public var lengthKm: Double { endKm - startKm }

    /// "256 km without fuel from km 0 (Vestvik Bensin, near Vestvik)": the name is the data's, sanitise it before a
    /// terminal shows it.
    public func text(_ unit: DistanceUnit) -> String {
        let what = station == .charge ? "charging" : "fuel"
        let place = startName == nearStop ? startName : "\(startName), near \(nearStop)"
        let start = DistanceUnit.grouped(Int(saturating: unit.value(fromKm: startKm).rounded()))
        return "\(unit.format(km: lengthKm)) without \(what) from \(unit.rawValue) \(start) (\(place))"
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
    /// none on a day whose stops no region read holds (its stations are not known).
    public static func gaps(day number: Int, trip: Trip, itinerary: Itinerary, finder: AlongFinder,
                            settings: Settings) -> [FuelGap] {
        let day = itinerary.days[number - 1]
        guard settings.rangeKm > 0, day.isDriving,
              finder.index.covers(trip.waypoints[day.startStop...day.endStop].map(\.coordinate)) else { return [] }
        let station = settings.vehicle.station
        let along = finder.along(day: number, trip: trip, itinerary: itinerary, categories: [station])
        // Each stop of the day at its km along the road: the legs' distances added up.
        var stopKm: [(name: String, km: Double)] = [(trip.waypoints[day.startStop].name, 0)]
        for leg in day.legs { stopKm.append((trip.waypoints[leg + 1].name, stopKm.last!.km + itinerary.legs[leg].distanceKm)) }
        return stretches(stations: along.stops.map(\.kmAlong), lengthKm: along.distanceKm,
                         rangeKm: Double(settings.rangeKm)).map { stretch in
            let nearStop = stopKm.min { abs($0.km - stretch.start) < abs($1.km - stretch.start) }!.name
            let startName = along.stops.first { $0.kmAlong == stretch.start }?.name ?? stopKm[0].name
            return FuelGap(day: number, startKm: stretch.start, endKm: stretch.end, startName: startName,
                           nearStop: nearStop, station: station)
        }
    }

    /// The gaps of every day, in order.
    public static func gaps(trip: Trip, itinerary: Itinerary, finder: AlongFinder, settings: Settings) -> [FuelGap] {
        guard settings.rangeKm > 0 else { return [] }
        return itinerary.days.flatMap { gaps(day: $0.number, trip: trip, itinerary: itinerary, finder: finder, settings: settings) }
    }
}
