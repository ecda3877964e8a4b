import Foundation

extension TripMapModel {
    /// Each leg's line, made once per trip and legs: the costly part of a map of many long legs.
    public struct Route: Sendable {
        /// Every leg's longitudes (continuous along it) and their points' Mercator ys (`MapProjection.worldY`), the
        /// costly half of projecting a point, which no pan or zoom changes: the legs one after another, leg i
        /// ending at `ends[i]` (one array each, not one per leg: a long trip's thousand arrays cost more than their
        /// points).
        let longitudes: [Double]
        let worldYs: [Double]
        let ends: [Int]
        /// Each leg drawn as an arc, by its ends (nil for a road): the same leg of the next route is not drawn again.
        let arcs: [Arc?]
        /// The view's kilometres a dot at the equator the arcs were made for (nil: a point every `arcStepKm`).
        public let kmPerDot: Double?
        /// Per leg drawn as an arc for a view, the Mercator y of its point farthest from the equator when that lies
        /// between its ends (else nil): its chords cut under that point, and a view is fitted to the curve.
        let farthestYs: [Double?]
        /// Each stop's Mercator y (`MapProjection.worldY` of its latitude): the arcs' ends, and the markers' rows.
        let stopYs: [Double]

        struct Arc: Equatable, Sendable {
            let from: Coordinate
            let to: Coordinate
        }

        /// Each leg from the routing engine's road, or else the great-circle arc between its stops, taken from
        /// `previous` (the trip's route before a change) where it joins the same stops: moving a stop in a long trip
        /// draws three arcs again, not all of them. With `kmPerDot` (a view's, `MapProjection.kmPerDot`), an arc's
        /// points are as few as keep its chords within a quarter of a dot of it there (its dots within half a dot
        /// of the curve's), never nearer than `arcStepKm`: a map of a continent draws a long leg in a few chords.
        public init(stops: [Waypoint], itinerary: Itinerary?, kmPerDot: Double? = nil, reusing previous: Route? = nil) {
            self.kmPerDot = kmPerDot
            // The stops' coordinates read in place: a copy of each waypoint (its name, notes...) costs more than its arc.
            let (latitudes, longitudes) = stops.withUnsafeBufferPointer { stops in
                (stops.map(\.latitude), stops.map(\.longitude))
            }
            guard stops.count > 1 else {
                self.longitudes = longitudes
                worldYs = latitudes.map { MapProjection.worldY($0) }
                ends = longitudes.indices.map { $0 + 1 }
                arcs = []
                farthestYs = []
                stopYs = worldYs
                return
            }
            let roads = itinerary.flatMap { $0.legs.count == stops.count - 1 ? $0.legs : nil }
            var plans: [Plan] = []
            // The last arc's end on the sphere, the next one's start: a stop's vector is worked out once.
            var lastEnd: (stop: Int, vector: GreatCircleArc.Vector)?
            plans.reserveCapacity(stops.count - 1)
            var total = 0
            for index in 0..<stops.count - 1 {
                let plan: Plan
                if let roads, !roads[index].geometry.isEmpty {
                    plan = .road(roads[index].geometry)
                } else {
                    let arc = Arc(from: Coordinate(checked: latitudes[index], longitudes[index]),
                                  to: Coordinate(checked: latitudes[index + 1], longitudes[index + 1]))
                    if let previous, previous.kmPerDot == kmPerDot, previous.arcs.indices.contains(index),
                       previous.arcs[index] == arc {
                        plan = .kept(arc, previous.range(ofLeg: index))
                    } else if let kmPerDot {
                        let start = lastEnd.flatMap { $0.stop == index ? $0.vector : nil } ?? GreatCircleArc.vector(arc.from)
                        let end = GreatCircleArc.vector(arc.to)
                        lastEnd = (index + 1, end)
                        plan = .arc(arc, GreatCircleArc(from: arc.from, start, to: arc.to, end, kmPerDot: kmPerDot,
                                                        sagDots: Self.sagDots, minimumStepKm: arcStepKm, maxPoints: 400))
                    } else {
                        plan = .arc(arc, GreatCircleArc(from: arc.from, to: arc.to, stepKm: arcStepKm, maxPoints: 400))
                    }
                }
                total += plan.count
                plans.append(plan)
            }
            var ends: [Int] = [], arcs: [Arc?] = [], farthestYs: [Double?] = []
            ends.reserveCapacity(plans.count)
            arcs.reserveCapacity(plans.count)
            farthestYs.reserveCapacity(plans.count)
            // Each stop's y, the end of one arc and the start of the next, worked out once and up front: a lazy
            // cache written from inside the closures below is checked for exclusive access at every use.
            let stopYs = latitudes.map { MapProjection.worldY($0) }
            // Both arrays written in place, `total` points each: an append per point cost more than its arc.
            let (oldLongitudes, oldYs) = (previous?.longitudes ?? [], previous?.worldYs ?? [])
            var ys: [Double] = []
            let line = [Double](unsafeUninitializedCapacity: total) { lineBuffer, lineCount in
                ys = [Double](unsafeUninitializedCapacity: total) { yBuffer, yCount in
                    var count = 0
                    @inline(__always) func add(_ longitude: Double, _ y: Double) {
                        precondition(count < total, "a leg made more points than it counted")
                        (lineBuffer.baseAddress! + count).initialize(to: longitude)
                        (yBuffer.baseAddress! + count).initialize(to: y)
                        count += 1
                    }
                    for (index, plan) in plans.enumerated() {
                        switch plan {
                        case .road(let road):
                            for point in road { add(point.longitude, MapProjection.worldY(point.latitude)) }
                            arcs.append(nil)
                            farthestYs.append(nil)
                        case let .kept(arc, range):
                            for point in range { add(oldLongitudes[point], oldYs[point]) }
                            arcs.append(arc)
                            farthestYs.append(previous?.farthestYs[index] ?? nil)
                        case let .arc(arc, path):
                            let first = count
                            var walk = MapProjection.WorldYWalk()
                            path.forEach { add($0, walk.y(sineOfLatitude: $1)) }
                            // The ends are the stops: projected exactly as their markers are, so a fit to them puts
                            // those where a fit to the stops would (the two formulas can differ in the last bit, and a
                            // marker by a row).
                            yBuffer[first] = stopYs[index]
                            yBuffer[count - 1] = stopYs[index + 1]
                            arcs.append(arc)
                            // Arcs of 50-km points have one within a few metres of their top.
                            farthestYs.append(kmPerDot == nil ? nil
                                : path.farthestSine.map { MapProjection.worldY(sineOfLatitude: $0) })
                        }
                        ends.append(count)
                    }
                    (lineCount, yCount) = (count, count)
                }
            }
            self.longitudes = line
            self.worldYs = ys
            self.ends = ends
            self.arcs = arcs
            self.farthestYs = farthestYs
            self.stopYs = stopYs
        }

        /// How far an arc's chords may sag off it, in dots, on the view it is made for.
        static let sagDots = 0.25

        /// Where leg `index`'s points are in `longitudes` and `worldYs`.
        func range(ofLeg index: Int) -> Range<Int> {
            (index == 0 ? 0 : ends[index - 1])..<ends[index]
        }

        /// How a leg's line is made: the road's points, the same arc as the route before, or a new arc.
        private enum Plan {
            case road([Coordinate])
            case kept(Arc, Range<Int>)
            case arc(Arc, GreatCircleArc)

            var count: Int {
                switch self {
                case .road(let road): return road.count
                case .kept(_, let range): return range.count
                case .arc(_, let path): return path.count
                }
            }
        }
    }
}
