import Foundation

/// The app loop's water check: what was measured before, else the plain estimate for now, with the pair noted
/// (`misses`) for the water queue to measure; its arrival draws the legs again (`RouteService.estimate`). A search
/// takes up to a few milliseconds a leg by the sea, and the loop has 16 for a frame. Used on one thread, for one
/// pass over some legs.
final class WaterOnLoop: WaterCheck, @unchecked Sendable {
    private let water: WaterCrossing
    private(set) var misses: [(from: Coordinate, to: Coordinate)] = []

    init(_ water: WaterCrossing) {
        self.water = water
    }

    func answer(from: Coordinate, to: Coordinate) -> WaterAnswer {
        if let known = water.known(from: from, to: to) { return known }
        misses.append((from, to))
        return .overLand
    }
}
