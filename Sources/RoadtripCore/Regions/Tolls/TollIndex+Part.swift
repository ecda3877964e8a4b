import Foundation

extension TollIndex {
    /// How far off a stretch a dropped node may lie: planetsplitter drops bends under 3 m, the atlas under 20 m.
    static let offRoadKm = 0.025
    /// How far from a road Routino's point for a stop may lie: on it, but for rounding.
    static let onRoadKm = 0.002
    /// Tolled ways followed one into the next along one stretch, at most: a motorway is split at every bridge.
    static let maxChain = 64

    /// How far tolled ways go along the stretch from `start` to `end` (two points of a leg) from a tolled way's node at
    /// `start` (each of `points`), where Routino's answer has no point: planetsplitter dropped the way's nodes there
    /// and the one where it ends (straight on into the next way, tolled or not), or the stretch ends on the way
    /// between two nodes (where Routino put a stop). The length from `start` the furthest reaches (its ways are
    /// `met`), 0 when none goes along the stretch.
    func tolledPart(from points: [Int32], _ start: Coordinate, _ end: Coordinate, met: inout Set<UInt32>) -> Double {
        let stretch = Stretch(start, end)
        guard stretch.km > 0 else { return 0 }
        var longest = 0.0, joined: [Int32] = []
        for point in points {
            for direction: Int32 in [-1, 1] {
                var (at, step, reached, driven) = (point, direction, 0.0, [UInt32]())
                walking: while driven.count < Self.maxChain, let walk = follow(at, step, from: reached, stretch) {
                    driven.append(ways[Int(at)])
                    switch walk {
                    case .toStretchEnd:
                        reached = 1
                        break walking
                    case let .toWayEnd(last, share):
                        reached = share
                        // On into a way that begins or ends at the same node and goes on along the stretch; else the leg
                        // went on along a free road from there.
                        self.points(latitude: Int64(latitudes[Int(last)]), longitude: Int64(longitudes[Int(last)]), into: &joined)
                        guard let next = joined.lazy.compactMap({ point -> (Int32, Int32)? in
                            let way = Int(ways[Int(point)])
                            guard way != Int(ways[Int(last)]) else { return nil }
                            let step: Int32 = point == starts[way] ? 1 : point == starts[way + 1] - 1 ? -1 : 0
                            return step != 0 && follow(point, step, from: share, stretch) != nil ? (point, step) : nil
                        }).first else { break walking }
                        (at, step) = next
                    }
                }
                if reached > 0 {
                    longest = max(longest, reached * stretch.km)
                    met.formUnion(driven)
                }
            }
        }
        return longest
    }

    /// Where following a way along a stretch leads.
    private enum Walk {
        /// The stretch ends on the way.
        case toStretchEnd
        /// The way ends along the stretch, at this point, this share of the stretch from its start.
        case toWayEnd(Int32, Double)
    }

    /// From point `at` by `step` along its way while its nodes lie along `stretch`, each no nearer its start than the
    /// one before (nor than `reached`), to the stretch's end or the way's; nil when the way leaves the stretch first,
    /// or does not go along it: the leg did not drive it (a slip road beside it at first, a crossing).
    private func follow(_ at: Int32, _ step: Int32, from reached: Double, _ stretch: Stretch) -> Walk? {
        let way = Int(ways[Int(at)])
        var at = at, reached = reached
        while at + step >= starts[way], at + step < starts[way + 1] {
            let next = Int(at + step)
            if stretch.endsBetween((latitudes[Int(at)], longitudes[Int(at)]), (latitudes[next], longitudes[next])) {
                return .toStretchEnd
            }
            guard let along = stretch.along(latitudes[next], longitudes[next]), along >= reached else { return nil }
            at += step
            reached = along
        }
        return reached > 0 ? .toWayEnd(at, reached) : nil
    }

    /// A stretch between two points of a leg, on a plane round its start in km: flat enough for the few km between
    /// two nodes Routino kept.
    struct Stretch {
        static let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180
        let start: Coordinate
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

        /// Whether the stretch ends on the segment between two positions in 1e-7° (within `onRoadKm`).
        func endsBetween(_ a: (Int32, Int32), _ b: (Int32, Int32)) -> Bool {
            let (ax, ay) = plane(a.0, a.1), (bx, by) = plane(b.0, b.1)
            let (dx, dy) = (bx - ax, by - ay), squared = dx * dx + dy * dy
            guard squared > 0 else { return false }
            let share = min(1, max(0, ((endX - ax) * dx + (endY - ay) * dy) / squared))
            let (x, y) = (ax + dx * share - endX, ay + dy * share - endY)
            return share > 0 && (x * x + y * y).squareRoot() <= TollIndex.onRoadKm
        }

        private func plane(_ latitude: Int32, _ longitude: Int32) -> (Double, Double) {
            ((Double(longitude) / 1e7 - start.longitude) * across, (Double(latitude) / 1e7 - start.latitude) * Self.kmPerDegree)
        }
    }
}
