import Foundation

/// A region's tolled ways, their nodes hashed by position, to find the tolls of a leg that region's Routino routed:
/// its geometry is made of the nodes it drove through, so a stretch between two points that are both nodes of one
/// tolled way drove that way. The two need not be neighbours on the way: planetsplitter drops the nodes of almost
/// straight roads, and a long leg's main roads are read with fewer still (`RoutinoAtlas`). Where it dropped the node
/// at which a tolled way ends (straight on into the next way, tolled or not), and where a stop lies on a tolled road
/// between two of its nodes, the stretch is tolled as far as the way goes along it (`tolledPart`).
struct TollIndex: Sendable {
    /// What a leg pays.
    struct Tolls: Equatable, Sendable {
        /// Driven on tolled ways: 0 when none.
        let km: Double
        /// The sum of the charges of the tolled ways driven, when each has one and all in one currency; nil
        /// otherwise, and when no toll was driven.
        let price: Double?
        let currency: String?
    }

    /// Routino keeps a node's position to 2⁻²⁶ radian (8.5e-7°) and writes it to 1e-6°: 2e-6° (0.2 m) holds both
    /// roundings, and no two nodes of a road lie closer.
    static let tolerance: Int64 = 20
    /// The hash's cells, 1e-5° (about a metre) wide: a point near a cell's edge looks into its neighbour too.
    static let cell: Int64 = 100

    let charges: [TollCharge?]
    /// Every way's points one after the other, in its order: way `w`'s are `starts[w]..<starts[w + 1]`.
    let latitudes: [Int32], longitudes: [Int32]
    let starts: [Int32]
    /// The way each point belongs to.
    let ways: [UInt32]
    /// Each cell's first point, and after each point the next in its cell (-1: none).
    private let heads: [Int64: Int32]
    private let next: [Int32]

    init(_ tollWays: [TollWay]) {
        charges = tollWays.map(\.charge)
        let points = tollWays.flatMap(\.points)
        latitudes = points.map(\.latitude)
        longitudes = points.map(\.longitude)
        starts = tollWays.reduce(into: [0]) { $0.append($0.last! + Int32($1.points.count)) }
        ways = tollWays.enumerated().flatMap { index, way in Array(repeating: UInt32(index), count: way.points.count) }
        var heads: [Int64: Int32] = [:], next = [Int32](repeating: -1, count: points.count)
        heads.reserveCapacity(points.count)
        for (index, point) in points.enumerated() {
            let key = Self.key(Self.cellOf(Int64(point.latitude)), Self.cellOf(Int64(point.longitude)))
            next[index] = heads[key] ?? -1
            heads[key] = Int32(index)
        }
        self.heads = heads
        self.next = next
    }

    /// The tolls of a leg driven along `geometry`.
    func tolls(along geometry: [Coordinate]) -> Tolls {
        var km = 0.0, met = Set<UInt32>()
        var before: [Int32] = [], here: [Int32] = []
        for (index, point) in geometry.enumerated() {
            points(at: point, into: &here)
            if index > 0 {
                let from = geometry[index - 1]
                let length = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude,
                                                    lat2: point.latitude, lon2: point.longitude)
                if let shared = here.first(where: { at in before.contains { ways[Int($0)] == ways[Int(at)] } }) {
                    km += length
                    met.insert(ways[Int(shared)])
                } else if !before.isEmpty || !here.isEmpty {
                    let start = tolledPart(from: before, from, point, met: &met)
                    let end = tolledPart(from: here, point, from, met: &met)
                    km += min(length, start + end)
                }
            }
            swap(&before, &here)
        }
        let charges = met.map { self.charges[Int($0)] }
        guard !met.isEmpty, charges.allSatisfy({ $0 != nil }), Set(charges.map { $0!.currency }).count == 1 else {
            return Tolls(km: km, price: nil, currency: nil)
        }
        return Tolls(km: km, price: charges.reduce(0) { $0 + $1!.amount }, currency: charges[0]!.currency)
    }

    /// The points at `coordinate` (within `tolerance`).
    private func points(at coordinate: Coordinate, into found: inout [Int32]) {
        points(latitude: Int64((coordinate.latitude * 1e7).rounded()), longitude: Int64((coordinate.longitude * 1e7).rounded()),
               into: &found)
    }

    /// The points within `tolerance` of a position in units of 1e-7°.
    func points(latitude: Int64, longitude: Int64, into found: inout [Int32]) {
        found.removeAll(keepingCapacity: true)
        for row in Self.cellOf(latitude - Self.tolerance)...Self.cellOf(latitude + Self.tolerance) {
            for column in Self.cellOf(longitude - Self.tolerance)...Self.cellOf(longitude + Self.tolerance) {
                var index = heads[Self.key(row, column)] ?? -1
                while index >= 0 {
                    let at = Int(index)
                    if abs(Int64(latitudes[at]) - latitude) <= Self.tolerance,
                       abs(Int64(longitudes[at]) - longitude) <= Self.tolerance {
                        found.append(index)
                    }
                    index = next[at]
                }
            }
        }
    }

    /// Toward zero: the cells either side of 0° are one, twice as wide, which a lookup's range covers all the same.
    private static func cellOf(_ units: Int64) -> Int64 {
        units / cell
    }

    private static func key(_ row: Int64, _ column: Int64) -> Int64 {
        row << 32 | (column & 0xFFFF_FFFF)
    }
}
