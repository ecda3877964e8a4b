import Foundation

/// Finds where a day could end: towns of the gazetteer within the day's corridor (`OvernightCorridor`: of the road a
/// router gave, else of the straight line between the stops, wider), around the point that splits the day evenly
/// (into as few parts as the daily limit allows) and around the point where the limit is reached (where too few are
/// there, anywhere from half the even share to the limit); ranked by how evenly they split the driving, the detour
/// they add and their size. Pure: the road comes from the itinerary, the detour from `cost`; no routing calls, no
/// I/O. Thread-safe.
public struct OvernightFinder: Sendable {
    /// Stops are not offered again: a town this close to one of the day's stops is that stop.
    static let stopRadiusKm = 2.0

    /// Driving seconds between two points: the detour from the road to a town and back.
    public typealias Cost = @Sendable (Coordinate, Coordinate) -> Double

    private let places: PlaceIndex
    private let cost: Cost

    public init(places: PlaceIndex, cost: @escaping Cost) {
        self.places = places
        self.cost = cost
    }

    /// With the estimate's detour: the road's winding factor at its average speed (`EstimateEngine`).
    public init(places: PlaceIndex, settings: Settings) {
        let estimate = EstimateEngine(settings)
        self.init(places: places) { estimate.leg(from: $0, to: $1).durationSeconds }
    }

    /// A town in the corridor, placed in the day.
    private struct Placed {
        let place: Int
        let projection: DayRoute.Projection
        let leg: Int
        let straight: Bool
        let added: Double
        let before: Double
        let score: Double
    }

    /// The towns where day `number` (1-based) could end, best first, at most `limit`.
    public func suggestions(forDay number: Int, trip: Trip, itinerary: Itinerary, limit: Int = 8) -> DayOvernights {
        precondition(itinerary.days.indices.contains(number - 1), "a day of the itinerary")
        let day = itinerary.days[number - 1]
        let corridor = OvernightCorridor(day.legs.map { itinerary.legs[$0] }, stops: trip.waypoints)
        guard day.isDriving, limit > 0 else {
            return DayOvernights(day: number, drivingSeconds: day.drivingSeconds, exceedsLimit: day.exceedsLimit,
                                 candidates: [], isRestDay: !day.isDriving, corridor: corridor)
        }
        let route = DayRoute(day: day, itinerary: itinerary, stops: trip.waypoints) {
            OvernightCorridor.halfWidthKm($0, stops: trip.waypoints)
        }
        let plan = SplitPlan(driving: route.drivingSeconds, limit: itinerary.dailyLimitSeconds)
        let stops = trip.waypoints[day.startStop...day.endStop].map(\.coordinate)
        // Where each leg starts in the day; on the straight line, its own time per second of `cost`'s (an estimate
        // round water is longer than `cost`'s line).
        var legStart: [Int: Double] = [:], scale: [Int: Double] = [:], elapsed = 0.0
        for leg in day.legs {
            legStart[leg] = elapsed
            elapsed += itinerary.legs[leg].durationSeconds
            if itinerary.legs[leg].isOnStraightLine {
                let direct = cost(trip.waypoints[leg].coordinate, trip.waypoints[leg + 1].coordinate)
                scale[leg] = direct > 0 ? itinerary.legs[leg].durationSeconds / direct : 1
            }
        }
        let found = corridorPlaces(route).filter { plan.isInReach($0.projection.seconds) && !isNearStop($0.place, stops) }
        // Around the even split and the limit; where too few towns are there (a sparse land), anywhere in reach.
        let windowed = found.filter { plan.isInWindow($0.projection.seconds) }
        var ranked: [Placed] = []
        for (place, projection) in windowed.count < limit ? found : windowed {
            let town = Coordinate(checked: Double(places.file.latitude[place]), Double(places.file.longitude[place]))
            let leg = route.points[route.segments[projection.segment].start].leg
            let toTown: Double, added: Double
            if let scale = scale[leg] {
                // No road to leave: what going through the town adds, its legs to and from it less the leg they
                // replace (nothing for a town on the line).
                toTown = scale * max(0, cost(trip.waypoints[leg].coordinate, town))
                added = max(0, toTown + scale * max(0, cost(town, trip.waypoints[leg + 1].coordinate))
                               - itinerary.legs[leg].durationSeconds)
            } else {
                let road = Coordinate(checked: projection.latitude, GreatCircle.unwrapped(projection.longitude, after: 0))
                toTown = max(0, cost(road, town))
                added = toTown + max(0, cost(town, road))
            }
            let straight = scale[leg] != nil
            let before = (straight ? legStart[leg]! : projection.seconds) + toTown
            guard added.isFinite, before.isFinite else { continue }
            let score = plan.score(before: before, added: added, population: places.file.population[place],
                                   onStraightLine: straight)
            ranked.append(Placed(place: place, projection: projection, leg: leg, straight: straight, added: added,
                                 before: before, score: score))
        }
        ranked.sort { $0.score != $1.score ? $0.score < $1.score : $0.place < $1.place }
        let candidates = ranked.prefix(limit).map { found in
            OvernightCandidate(place: places.file.place(at: found.place), day: number, leg: found.leg,
                               fromStop: trip.waypoints[found.leg].id, toStop: trip.waypoints[found.leg + 1].id,
                               addedSeconds: found.added, beforeSeconds: found.before,
                               afterSeconds: route.drivingSeconds + found.added - found.before,
                               offKm: found.projection.km, onStraightLine: found.straight)
        }
        return DayOvernights(day: number, drivingSeconds: day.drivingSeconds, exceedsLimit: day.exceedsLimit,
                             candidates: candidates, isRestDay: false, corridor: corridor)
    }

    /// The suggestions for every day over the daily limit.
    public func suggestionsForLongDays(trip: Trip, itinerary: Itinerary, limit: Int = 8) -> [DayOvernights] {
        itinerary.days.filter(\.exceedsLimit).map { suggestions(forDay: $0.number, trip: trip, itinerary: itinerary, limit: limit) }
    }

    /// Every place within the corridor, with its nearest point on the road: the grid's cells near the road, and in
    /// each only the segments that reach it.
    private func corridorPlaces(_ route: DayRoute) -> [(place: Int, projection: DayRoute.Projection)] {
        var found: [(place: Int, projection: DayRoute.Projection)] = []
        let latitudes = places.file.latitude, longitudes = places.file.longitude
        for (cell, segments) in route.cells() {
            let row = cell / NearestPlaceGrid.columns, column = cell % NearestPlaceGrid.columns
            for place in places.grid.places(row: row, column: column) {
                let latitude = Double(latitudes[Int(place)]), longitude = Double(longitudes[Int(place)])
                var best: DayRoute.Projection?
                for segment in segments {
                    if let projection = route.project(segment, latitude: latitude, longitude: longitude),
                       best.map({ projection.km < $0.km }) ?? true { best = projection }
                }
                if let best { found.append((Int(place), best)) }
            }
        }
        return found
    }

    private func isNearStop(_ place: Int, _ stops: [Coordinate]) -> Bool {
        let latitude = Double(places.file.latitude[place]), longitude = Double(places.file.longitude[place])
        return stops.contains {
            GreatCircle.distanceKm(lat1: latitude, lon1: longitude, lat2: $0.latitude, lon2: $0.longitude) < Self.stopRadiusKm
        }
    }
}

/// Where a day is best split, and how a split point scores (lower is better, in minutes of driving).
struct SplitPlan {
    let driving: Double
    let limit: Double
    /// The day in as few parts as the limit allows, at least two: the first part's ideal length.
    let target: Double
    /// How far around the target (and below the limit) towns are looked at.
    let window: Double

    /// A tenfold of population is worth this many minutes of a less even split.
    static let minutesPerDecade = 20.0
    /// Each minute of detour counts this much.
    static let detourWeight = 1.5
    /// On the straight line the detour is the estimate's guess: the unseen road may well pass through the town (in
    /// sparse land the towns are where the roads are), so it counts a third as much. A town of 3,000 110 km off a
    /// 1,200 km line (≈20 min more by the estimate) then beats a village of 500 on it at the same split.
    static let straightLineDetourWeight = 0.5
    /// A first part over the limit leaves the day too long: ranked after every split that does not.
    static let overLimitPenalty = 600.0

    init(driving: Double, limit: Double) {
        self.driving = driving
        self.limit = limit > 0 ? limit : driving
        let parts = max(2, (driving / self.limit).rounded(.up))
        target = driving / parts
        window = max(20 * 60, target / 4)
    }

    /// Whether a point of the road `seconds` into the day is near the even split or just before the limit.
    func isInWindow(_ seconds: Double) -> Bool {
        isInReach(seconds)
            && (abs(seconds - target) <= window || (driving > limit && seconds <= limit && seconds >= limit - window))
    }

    /// Whether a night there would be worth it at all: at least half the even share driven, and no more than the
    /// limit (on a day within it, at least half the share left too).
    func isInReach(_ seconds: Double) -> Bool {
        seconds >= target / 2 && seconds <= (driving > limit ? limit : driving - target / 2)
    }

    func score(before: Double, added: Double, population: UInt32, onStraightLine: Bool) -> Double {
        let after = driving + added - before
        let weight = onStraightLine ? Self.straightLineDetourWeight : Self.detourWeight
        var score = abs(before - target) / 60 + weight * added / 60
            - Self.minutesPerDecade * log10(Double(population) + 10)
        if before > limit { score += Self.overLimitPenalty + (before - limit) / 60 }
        // The rest should fit the nights still to come.
        let rest = (driving / limit).rounded(.up) - 1
        if after > max(1, rest) * limit { score += (after - max(1, rest) * limit) / 60 }
        return score
    }
}
