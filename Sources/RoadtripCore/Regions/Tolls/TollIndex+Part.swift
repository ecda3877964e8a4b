import Foundation

extension TollIndex {
    /// How far off a stretch a dropped node may lie: planetsplitter drops bends under 3 m, the atlas under 20 m.
    static let offRoadKm = 0.025
    /// Tolled ways followed one into the next along one stretch, at most: a motorway is split at every bridge.
    static let maxChain = 64

    /// How far tolled ways' nodes lie, one after the other, along the stretch from `start` to `end`: the nodes
    /// planetsplitter dropped there, with those where a way ends and the next begins. Followed from each of `points`
    /// (at `start`) along its way and on into each next tolled way; the length from `start` the furthest reaches
    /// (its ways are `met`), 0 when none goes along the stretch.
    func tolledPart(from points: [Int32], _ start: Coordinate, _ end: Coordinate, met: inout Set<UInt32>) -> Double {
        let stretch = Stretch(start, end)
        guard stretch.km > 0 else { return 0 }
        var longest = 0.0, joined: [Int32] = []
        for point in points {
            for direction: Int32 in [-1, 1] {
                var (at, step, reached, driven) = (point, direction, 0.0, [UInt32]())
                while driven.count < Self.maxChain, let moved = follow(at, step, from: reached, stretch) {
                    (at, reached) = moved
                    let way = Int(ways[Int(at)])
                    driven.append(UInt32(way))
                    guard at == (step > 0 ? starts[way + 1] - 1 : starts[way]) else { break }
                    // The way ends here: on into one that begins or ends at the same node and goes on along the stretch.
                    self.points(latitude: Int64(latitudes[Int(at)]), longitude: Int64(longitudes[Int(at)]), into: &joined)
                    guard let next = joined.lazy.compactMap({ point -> (Int32, Int32)? in
                        let other = Int(ways[Int(point)])
                        guard other != way else { return nil }
                        let step: Int32 = point == starts[other] ? 1 : point == starts[other + 1] - 1 ? -1 : 0
                        return step != 0 && follow(point, step, from: reached, stretch) != nil ? (point, step) : nil
                    }).first else { break }
                    (at, step) = next
                }
                if reached > 0 {
                    longest = max(longest, reached * stretch.km)
                    met.formUnion(driven)
                }
            }
        }
        return longest
    }

    /// From point `at` by `step` along its way while the way's nodes lie along `stretch`, each no nearer its start
    /// than the one before (and than `reached`): the last such point and its share of the stretch, all of it when the
    /// stretch ends on the way's next segment (where Routino put a stop, between two nodes); nil when the way does
    /// not go along it.
    private func follow(_ at: Int32, _ step: Int32, from reached: Double, _ stretch: Stretch) -> (Int32, Double)? {
        let way = Int(ways[Int(at)])
        var at = at, reached = reached, moved = false
        while at + step >= starts[way], at + step < starts[way + 1] {
            let next = Int(at + step)
            guard let along = stretch.along(latitudes[next], longitudes[next]), along >= reached else {
                if stretch.endsBetween((latitudes[Int(at)], longitudes[Int(at)]), (latitudes[next], longitudes[next])) {
                    return (at, 1)
                }
                break
            }
            at += step
            reached = along
            moved = true
        }
        return moved ? (at, reached) : nil
    }

    /// A stretch between two points of a leg, on a plane round its start in km: flat enough for the few km between
    /// two nodes Routino kept.
    struct Stretch {
        let start: Coordinate
        static let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
        let across: Double
        let endX: Double, endY: Double
        let km: Double

        init(_ start: Coordinate, _ end: Coordinate) {
            self.start = start
            across = cos(start.latitude * .pi / 180) * Self.kmPerDegree
            endX = (end.longitude - start.longitude) * across
            endY = (end.latitude - start.latitude) * Self.kmPerDegree
            km = (endX * endX + endY * endY).squareRoot()
        }

        /// The share of the stretch (0 to 1) beside which a position in 1e-7° lies, within `offRoadKm` of it; nil
        /// when it lies off it, behind its start or beyond its end.
        func along(_ latitude: Int32, _ longitude: Int32) -> Double? {
            let (x, y) = plane(latitude, longitude)
            let along = (x * endX + y * endY) / (km * km)
            guard (0...1).contains(along), abs(x * endY - y * endX) / km <= TollIndex.offRoadKm else { return nil }
            return along
        }

        /// Whether the stretch's end lies on the segment between two positions in 1e-7° (within `offRoadKm`).
        func endsBetween(_ a: (Int32, Int32), _ b: (Int32, Int32)) -> Bool {
            let (ax, ay) = plane(a.0, a.1), (bx, by) = plane(b.0, b.1)
            let (dx, dy) = (bx - ax, by - ay), squared = (bx - ax) * (bx - ax) + (by - ay) * (by - ay)
            guard squared > 0 else { return false }
            let share = ((endX - ax) * dx + (endY - ay) * dy) / squared
            guard (0...1).contains(share) else { return false }
            let (x, y) = (ax + dx * share - endX, ay + dy * share - endY)
            return (x * x + y * y).squareRoot() <= TollIndex.offRoadKm
        }

        private func plane(_ latitude: Int32, _ longitude: Int32) -> (Double, Double) {
            ((Double(longitude) / 1e7 - start.longitude) * across, (Double(latitude) / 1e7 - start.latitude) * Self.kmPerDegree)
        }
    }
}
