import Foundation
import RoadtripCore

/// A made-up road from `a` to `b` for the day benches (suggest, along): a point every 100 m of `distanceKm`,
/// weaving 0.05° either side of the straight line, as a routed leg's shape would.
func benchRoad(from a: Waypoint, to b: Waypoint, distanceKm: Double) -> [Coordinate] {
    let count = Int(distanceKm / 0.1)
    return (0...count).map { step -> Coordinate in
        let f = Double(step) / Double(count)
        return try! Coordinate(latitude: a.latitude + f * (b.latitude - a.latitude) + 0.05 * sin(f * 60),
                               longitude: a.longitude + f * (b.longitude - a.longitude))
    }
}
