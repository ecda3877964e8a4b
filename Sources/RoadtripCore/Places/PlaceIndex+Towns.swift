extension PlaceIndex {
    /// The `limit` most populous places inside `box`, largest first: the towns a map shows. `box` may reach
    /// past ±180° (a view across the antimeridian). Scans every place (a fraction of a millisecond); call it
    /// when the view changes, not per frame (`TownsCache` spares most of the scans of a map panned about).
    public func towns(in box: GeoBox, limit: Int) -> [Place] {
        townIndices(in: TownBox(box), limit: limit).map { file.place(at: $0) }
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
    /// From how many people a place is in `PlaceIndex.largeTowns`.
    static let largeTown: UInt32 = 15_000

    /// The places of at least `largeTown` people, by population, largest first, equal ones in file order: the
    /// order a scan ranks them in.
    static func largeTowns(population: [UInt32]) -> [UInt32] {
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

/// The towns of a map that moves about (panned, zoomed in): one scan of a box around the view finds the
/// largest places near it, and the views that follow take theirs from that list for as long as it holds
/// enough of them — the same towns `PlaceIndex.towns(in:limit:)` returns, without scanning every place
/// per view. Keep one per map.
public struct TownsCache {
    /// How much larger than the view the scanned box is (each way), and how many more towns it keeps.
    static let widening = 2.0
    static let spareFactor = 8

    private var scanned: (places: ObjectIdentifier, box: TownBox, limit: Int, indices: [Int])?
    /// Places decoded for earlier views (a decoded place is costly: it reads all of its names).
    private var decoded: [Int: Place] = [:]
    /// How many scans of every place were made (for tests).
    public private(set) var scans = 0

    public init() {}

    public mutating func towns(in box: GeoBox, limit: Int, from places: PlaceIndex) -> [Place] {
        let view = TownBox(box)
        guard limit > 0, view.isValid else { return [] }
        let id = ObjectIdentifier(places)
        if let found = fromScanned(view, limit: limit, places: places, id: id) {
            return found.map { decode($0, places) }
        }
        if scanned?.places != id || decoded.count > 4 * limit * Self.spareFactor { decoded = [:] }
        scans += 1
        guard scanned?.places == id else {
            // A first view (often the only one: a trip's fitted map) scans for itself alone.
            scanned = (id, view, limit, places.townIndices(in: view, limit: limit))
            return scanned!.indices.map { decode($0, places) }
        }
        // The view moved out of what the last scan answers for: one pass finds its towns and a wider box's for the
        // views to come.
        let wide = TownBox(Self.widened(box)), spare = limit * Self.spareFactor
        let found = places.townIndices([(view, limit), (wide, spare)])
        scanned = (id, wide, spare, found[1])
        return found[0].map { decode($0, places) }
    }

    /// The view's towns from the last scan, when it answers for them: the view lies inside the scanned box, and
    /// either the scan found every place in its box or at least `limit` of those it kept are in the view (a
    /// place it left out is smaller than all of those, or equal and later in the file).
    private func fromScanned(_ view: TownBox, limit: Int, places: PlaceIndex, id: ObjectIdentifier) -> [Int]? {
        guard let scanned, scanned.places == id, scanned.box.covers(view) else { return nil }
        var found: [Int] = []
        for index in scanned.indices where places.isPlace(index, in: view) {
            found.append(index)
            if found.count == limit { return found }
        }
        return scanned.indices.count < scanned.limit ? found : nil
    }

    private mutating func decode(_ index: Int, _ places: PlaceIndex) -> Place {
        if let place = decoded[index] { return place }
        let place = places.file.place(at: index)
        decoded[index] = place
        return place
    }

    /// `box` grown about its centre by `widening` each way (within ±90° of latitude).
    static func widened(_ box: GeoBox) -> GeoBox {
        let grow = (widening - 1) / 2
        let width = box.east - box.west, height = box.north - box.south
        return GeoBox(west: box.west - width * grow, south: max(-90, box.south - height * grow),
                      east: box.east + width * grow, north: min(90, box.north + height * grow))
    }
}
