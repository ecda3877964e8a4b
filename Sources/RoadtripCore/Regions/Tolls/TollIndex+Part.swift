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
    /// than the one before (and than `reached`): the last such point and its share of the stretch; nil when the
    /// next node is not along it.
    private func follow(_ at: Int32, _ step: Int32, from reached: Double, _ stretch: Stretch) -> (Int32, Double)? {
        let way = Int(ways[Int(at)])
        var at = at, reached = reached, moved = false
        while at + step >= starts[way], at + step < starts[way + 1],
              let along = stretch.along(latitudes[Int(at + step)], longitudes[Int(at + step)]), along >= reached {
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
        let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
        let across: Double
        let endX: Double, endY: Double
        let km: Double

        init(_ start: Coordinate, _ end: Coordinate) {
            self.start = start
            across = cos(start.latitude * .pi / 180) * kmPerDegree
            endX = (end.longitude - start.longitude) * across
            endY = (end.latitude - start.latitude) * kmPerDegree
            km = (endX * endX + endY * endY).squareRoot()
        }

        /// The share of the stretch (0 to 1) beside which a position in 1e-7° lies, within `offRoadKm` of it; nil
        /// when it lies off it, behind its start or beyond its end.
        func along(_ latitude: Int32, _ longitude: Int32) -> Double? {
            let x = (Double(longitude) / 1e7 - start.longitude) * across, y = (Double(latitude) / 1e7 - start.latitude) * kmPerDegree
            let along = (x * endX + y * endY) / (km * km)
            guard (0...1).contains(along), abs(x * endY - y * endX) / km <= TollIndex.offRoadKm else { return nil }
            return along
        }
    }
}
