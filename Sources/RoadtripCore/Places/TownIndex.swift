import Foundation

/// The gazetteer's places as a map's towns: where they are and how many live there, the largest found first.
/// `PlaceIndex.towns` shares the search index's columns; `load` reads the file without building any search
/// keys (`roadtrip map`, which wants the towns and not the search, reads it in a fraction of the time).
public final class TownIndex: @unchecked Sendable {  // immutable after init
    /// A place drawn as a town: a dot, and its name where there is room.
    public struct Town: Equatable, Sendable {
        public let name: String
        public let latitude: Double
        public let longitude: Double
        public let population: Int

        public init(name: String, latitude: Double, longitude: Double, population: Int) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.population = population
        }
    }

    let file: GazetteerFile
    /// The places of at least `TownRanking.largeTown` people, largest first (see `townIndices`).
    let largeTowns: Column<UInt32>

    /// `largeTowns` as a mapped index keeps them; found from the file when nil.
    init(file: GazetteerFile, largeTowns: Column<UInt32>? = nil) {
        self.file = file
        self.largeTowns = largeTowns ?? Column(TownRanking.largeTowns(population: file.population))
    }

    /// Reads a gazetteer file for its towns alone. Safe to call on a background queue.
    public static func load(from url: URL) throws -> TownIndex {
        TownIndex(file: try GazetteerFile(bytes: PlaceIndex.readText(url), names: { _, _, _ in }))
    }

    /// The towns of the gazetteer shipped in `Resources/places/`.
    public static func loadBundled() throws -> TownIndex {
        guard let url = PlaceIndex.bundledDataURL else { throw PlaceIndexError.dataNotFound }
        return try load(from: url)
    }

    /// The `limit` most populous places inside `box`, largest first: the towns a map shows. `box` may reach
    /// past ±180° (a view across the antimeridian). Call it when the view changes, not per frame (`TownsCache`
    /// spares most of the work of a map panned about).
    public func towns(in box: GeoBox, limit: Int) -> [Town] {
        townIndices(in: TownBox(box), limit: limit).map(town(at:))
    }

    /// Place `index` as a town (its name alone is decoded).
    func town(at index: Int) -> Town {
        Town(name: file.name(at: index), latitude: GazetteerFile.fourDecimals(file.latitude[index]),
             longitude: GazetteerFile.fourDecimals(file.longitude[index]), population: Int(file.population[index]))
    }

    /// The places `towns(in:limit:)` returns, as indices: by population, largest first, equal ones in file order.
    func townIndices(in box: TownBox, limit: Int) -> [Int] {
        townIndices([(box, limit)])[0]
    }

    /// The same for several boxes. A box holding `limit` large towns takes them from `largeTowns` (a map of a
    /// country or more: a few hundred places read); the others share one pass over every place.
    func townIndices(_ queries: [(box: TownBox, limit: Int)]) -> [[Int]] {
        var rankings = queries.map { TownRanking(box: $0.box, limit: $0.box.isValid ? $0.limit : 0) }
        var found: [[Int]?] = rankings.map { largeTownIndices(for: $0) }
        let scanned = rankings.indices.filter { found[$0] == nil }
        guard !scanned.isEmpty else { return found.map { $0! } }
        file.latitude.withUnsafeBufferPointer { latitudes in
            file.longitude.withUnsafeBufferPointer { longitudes in
                file.population.withUnsafeBufferPointer { populations in
                    rankings.withUnsafeMutableBufferPointer { rankings in
                        for index in 0..<latitudes.count {
                            for q in scanned {
                                rankings[q].consider(index, population: populations[index], latitude: latitudes[index],
                                                     longitude: longitudes[index])
                            }
                        }
                    }
                }
            }
        }
        for q in scanned { found[q] = rankings[q].best.map(\.index) }
        return found.map { $0! }
    }

    /// The first `limit` large towns inside the ranking's box, or nil when there are fewer: they are its answer,
    /// because every place left out of `largeTowns` is smaller than all of them.
    private func largeTownIndices(for ranking: TownRanking) -> [Int]? {
        guard ranking.limit > 0 else { return [] }
        var found: [Int] = []
        for index in largeTowns {
            let index = Int(index)
            guard isPlace(index, in: ranking.box) else { continue }
            found.append(index)
            if found.count == ranking.limit { return found }
        }
        return nil
    }

    /// Whether place `index` is inside `box` (the test `townIndices` makes).
    func isPlace(_ index: Int, in box: TownBox) -> Bool {
        box.contains(latitude: file.latitude[index], longitude: file.longitude[index])
    }
}

/// The `limit` largest places inside a box, kept while a scan goes through the places.
struct TownRanking {
    /// From how many people a place is in `TownIndex.largeTowns`.
    static let largeTown: UInt32 = 15_000

    /// The places of at least `largeTown` people, by population, largest first, equal ones in file order: the
    /// order a scan ranks them in.
    static func largeTowns(population: Column<UInt32>) -> [UInt32] {
        population.indices.filter { population[$0] >= largeTown }
            .sorted { population[$0] != population[$1] ? population[$0] > population[$1] : $0 < $1 }
            .map { UInt32($0) }
    }

    let box: TownBox
    let limit: Int
    /// Largest first; equal populations in the order met.
    private(set) var best: [(population: UInt32, index: Int)] = []
    /// A place must be larger than this to enter once `best` is full (none may when `limit` is 0).
    private var smallest: UInt32

    init(box: TownBox, limit: Int) {
        self.box = box
        self.limit = max(0, limit)
        smallest = limit > 0 ? 0 : .max
    }

    @inline(__always)
    mutating func consider(_ index: Int, population: UInt32, latitude: Float, longitude: Float) {
        guard population > smallest || best.count < limit, box.contains(latitude: latitude, longitude: longitude) else {
            return
        }
        // After every place at least as large (binary search: `best` runs largest first).
        var low = 0, high = best.count
        while low < high {
            let middle = (low + high) / 2
            if best[middle].population < population { high = middle } else { low = middle + 1 }
        }
        best.insert((population, index), at: low)
        if best.count > limit { best.removeLast() }
        if best.count == limit { smallest = best[limit - 1].population }
    }
}

/// A box as the towns' scan tests places against it: the gazetteer's single-precision coordinates, and the
/// box's copies 360° east and west (a view across the antimeridian).
struct TownBox {
    let box: GeoBox
    private let south: Float
    private let north: Float
    /// Every longitude is inside.
    private let whole: Bool
    /// The box's west and east edges, and its copies' 360° west and east.
    private let edges: (Double, Double, Double, Double, Double, Double)

    init(_ box: GeoBox) {
        self.box = box
        south = Float(box.south)
        north = Float(box.north)
        whole = box.east - box.west >= 360
        let west = box.shifted(by: -360), east = box.shifted(by: 360)
        edges = (box.west, box.east, west.west, west.east, east.west, east.east)
    }

    var isValid: Bool { box.isValid }

    @inline(__always)
    func contains(latitude: Float, longitude: Float) -> Bool {
        guard latitude >= south, latitude <= north else { return false }
        let x = Double(longitude)
        return whole || (x >= edges.0 && x <= edges.1) || (x >= edges.2 && x <= edges.3) || (x >= edges.4 && x <= edges.5)
    }

    /// Every place inside `other` is inside this box too.
    func covers(_ other: TownBox) -> Bool {
        (whole || (box.west <= other.box.west && other.box.east <= box.east))
            && box.south <= other.box.south && other.box.north <= box.north
    }
}
