import Foundation

/// Which of Geofabrik's extracts to download so that one region built from them all (`region add A B C --name
/// NAME`) holds the whole trip: every stop and every leg's corridor (`LegCorridor`), at the smallest total
/// download (`WeightedSetCover`). One region, because Routino routes a leg only inside one region: extracts
/// downloaded for neighbouring states and built apart would leave the legs between them without a road.
///
/// A corridor point no extract holds (open sea beside a coast) asks for nothing; a leg whose line itself runs
/// where no extract is (a leg to a point at sea) asks for its stops only, and is named in `outsideLegs`.
public struct ExtractCover: Sendable {
    /// One chosen extract and what of the trip it holds.
    public struct Choice: Sendable {
        public let extract: GeofabrikIndex.Extract
        /// Indexes of the stops inside it.
        public let stops: [Int]
        /// Legs (index of the leg's first stop) whose whole corridor it holds, and those it holds a part of.
        public let legs: [Int]
        public let partLegs: [Int]
    }

    /// In the order the trip first reaches them.
    public let choices: [Choice]
    /// Legs whose line runs, at least in part, where no extract is.
    public let outsideLegs: [Int]
    /// Stops no extract holds.
    public let outsideStops: [Int]
    /// Whether `choices` is the cheapest set, or the greedy one of a trip touching very many extracts.
    public let isExact: Bool

    /// The chosen extracts' download in bytes, those of a known size.
    public var knownBytes: Int64 { choices.reduce(0) { $0 + ($1.extract.size ?? 0) } }
    /// How many chosen extracts the index gives no size for.
    public var unknownSizes: Int { choices.filter { $0.extract.size == nil }.count }

    public init(index: GeofabrikIndex, stops: [Coordinate]) {
        let boxes = index.extracts.map(Box.init)
        func holders(_ point: Coordinate) -> Set<Int> {
            Set(index.extracts.indices.filter { boxes[$0].contains(point) && Self.holds(index.extracts[$0], point) })
        }
        let corridors = zip(stops, stops.dropFirst()).map { LegCorridor(from: $0, to: $1) }
        let stopHolders = stops.map(holders)
        let lineHolders = corridors.map { $0.line.map(holders) }
        // What a leg asks for: each point of its corridor some extract holds; nothing for a leg whose line runs
        // where no extract is, which no region can route (its stops are still asked for).
        let legNeeds = corridors.indices.map { leg in
            lineHolders[leg].contains { $0.isEmpty } ? []
                : (lineHolders[leg] + corridors[leg].sides.map(holders)).filter { !$0.isEmpty }
        }
        let cover = WeightedSetCover(elements: stopHolders + legNeeds.flatMap { $0 },
                                     costs: Self.costs(index, touching: Set(stopHolders.flatMap { $0 } + legNeeds.joined().flatMap { $0 })))

        // Where along the trip each extract is first used: stop s at 2s, leg l at 2l + 1.
        func firstUse(_ extract: Int) -> Int {
            let stop = stopHolders.firstIndex { $0.contains(extract) }.map { 2 * $0 } ?? .max
            let leg = legNeeds.firstIndex { $0.contains { $0.contains(extract) } }.map { 2 * $0 + 1 } ?? .max
            return min(stop, leg)
        }
        choices = cover.chosen.sorted { (firstUse($0), $0) < (firstUse($1), $1) }.map { extract in
            let held = legNeeds.map { needs in needs.filter { $0.contains(extract) }.count }
            return Choice(extract: index.extracts[extract],
                          stops: stopHolders.indices.filter { stopHolders[$0].contains(extract) },
                          legs: legNeeds.indices.filter { held[$0] > 0 && held[$0] == legNeeds[$0].count },
                          partLegs: legNeeds.indices.filter { held[$0] > 0 && held[$0] < legNeeds[$0].count })
        }
        outsideLegs = lineHolders.indices.filter { lineHolders[$0].contains { $0.isEmpty } }
        outsideStops = stopHolders.indices.filter { stopHolders[$0].isEmpty }
        isExact = cover.isExact
    }

    /// The index's outlines are simplified by up to 0.05° (`scripts/build-regions-index`): a state's and its
    /// neighbour's no longer meet, and a point between them would lie only in the country or continent around
    /// both (El Paso's corridor in North America's 18 GB rather than Texas'). So an extract holds what lies
    /// within this of its outline too.
    static let toleranceKm = 6.0

    static func holds(_ extract: GeofabrikIndex.Extract, _ point: Coordinate) -> Bool {
        extract.contains(point) || extract.rings.contains { outline in
            outline.rings.contains { OutlineDistance.km(from: point, toRing: $0) <= toleranceKm }
        }
    }

    /// What the search minimises, per extract: its download in bytes. An extract of unknown size costs more than
    /// every known one touching the trip together, so it is chosen only where nothing else holds a point (and
    /// then the fewest of them). The area as a fraction of the Earth's, below one byte, settles a tie for the
    /// smaller extract.
    static func costs(_ index: GeofabrikIndex, touching: Set<Int>) -> [Double] {
        let unknown = Double(touching.reduce(Int64(0)) { $0 + (index.extracts[$1].size ?? 0) }) + 1
        return index.extracts.map { extract in
            let area = extract.rings.reduce(0) { $0 + $1.areaKm2 } / RegionOutline.earthKm2
            return (extract.size.map(Double.init) ?? unknown) + min(area, 0.999)
        }
    }

    /// An extract's bounding box with `toleranceKm` round it, to skip the outline test for points far away.
    private struct Box {
        let west, south, east, north: Double
        static let kmPerDegree = GreatCircle.meanRadiusKm * .pi / 180

        init(_ extract: GeofabrikIndex.Extract) {
            let corners = extract.rings.flatMap { $0.rings.joined() }
            south = (corners.map(\.latitude).min() ?? 0) - toleranceKm / Self.kmPerDegree
            north = (corners.map(\.latitude).max() ?? 0) + toleranceKm / Self.kmPerDegree
            // A degree of longitude is shortest at the latitude farthest from the equator.
            let cosine = cos(min(89, max(abs(south), abs(north))) * .pi / 180)
            let margin = toleranceKm / (Self.kmPerDegree * cosine)
            west = (corners.map(\.longitude).min() ?? 0) - margin
            east = (corners.map(\.longitude).max() ?? 0) + margin
        }

        func contains(_ point: Coordinate) -> Bool {
            (west...east).contains(point.longitude) && (south...north).contains(point.latitude)
        }
    }
}
