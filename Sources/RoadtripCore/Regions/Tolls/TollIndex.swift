import Foundation

/// A region's tolled ways, their nodes hashed by position, to find the tolls of a leg that region's Routino routed:
/// its geometry is made of the nodes it drove through, so a stretch between two points that are both nodes of one
/// tolled way drove that way. The two need not be neighbours on the way: planetsplitter drops the nodes of almost
/// straight roads, and a long leg's main roads are read with fewer still (`RoutinoAtlas`).
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

    private let charges: [TollCharge?]
    private let latitudes: [Int32], longitudes: [Int32]
    /// The way each point belongs to.
    private let ways: [UInt32]
    /// Each cell's first point, and after each point the next in its cell (-1: none).
    private let heads: [Int64: Int32]
    private let next: [Int32]

    init(_ tollWays: [TollWay]) {
        charges = tollWays.map(\.charge)
        let points = tollWays.flatMap(\.points)
        latitudes = points.map(\.latitude)
        longitudes = points.map(\.longitude)
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
        var before: [UInt32] = [], here: [UInt32] = []
        for (index, point) in geometry.enumerated() {
            ways(at: point, into: &here)
            if index > 0, let way = here.first(where: before.contains) {
                let from = geometry[index - 1]
                km += GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: point.latitude, lon2: point.longitude)
                met.insert(way)
            }
            swap(&before, &here)
        }
        let charges = met.map { self.charges[Int($0)] }
        guard !met.isEmpty, charges.allSatisfy({ $0 != nil }), Set(charges.map { $0!.currency }).count == 1 else {
            return Tolls(km: km, price: nil, currency: nil)
        }
        return Tolls(km: km, price: charges.reduce(0) { $0 + $1!.amount }, currency: charges[0]!.currency)
    }

    /// The ways with a node at `coordinate` (within `tolerance`), each once.
    private func ways(at coordinate: Coordinate, into found: inout [UInt32]) {
        found.removeAll(keepingCapacity: true)
        let latitude = Int64((coordinate.latitude * 1e7).rounded()), longitude = Int64((coordinate.longitude * 1e7).rounded())
        for row in Self.cellOf(latitude - Self.tolerance)...Self.cellOf(latitude + Self.tolerance) {
            for column in Self.cellOf(longitude - Self.tolerance)...Self.cellOf(longitude + Self.tolerance) {
                var index = heads[Self.key(row, column)] ?? -1
                while index >= 0 {
                    let at = Int(index)
                    if abs(Int64(latitudes[at]) - latitude) <= Self.tolerance, abs(Int64(longitudes[at]) - longitude) <= Self.tolerance,
                       !found.contains(ways[at]) {
                        found.append(ways[at])
                    }
                    index = next[at]
                }
            }
        }
    }

    private static func cellOf(_ units: Int64) -> Int64 {
        units >= 0 ? units / cell : (units - cell + 1) / cell
    }

    private static func key(_ row: Int64, _ column: Int64) -> Int64 {
        row << 32 | (column & 0xFFFF_FFFF)
    }
}
