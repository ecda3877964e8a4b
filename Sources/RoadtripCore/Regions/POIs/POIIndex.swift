import Foundation

/// The installed regions' points of interest, each category on a grid of cells of `cellDegrees`: a corridor of a
/// few km touches few cells, and each cell few pieces of road (a region holds hundreds of thousands of POIs; a ½° cell
/// would hold thousands). Read from the regions' mapped search index (`RegionPlaceIndex`): no table is parsed, and a
/// POI in two overlapping regions is there once (by its OpenStreetMap id). Immutable once built: thread-safe.
public struct POIIndex: Sendable {
    public let features: Features
    /// `features`' positions apart: the corridor's test reads these for every POI near the road, the feature only
    /// for those inside it.
    let latitudes: [Double], longitudes: [Double]
    /// Every POI's (category, cell) key (`key(_:cell:)`), sorted, and the POIs in that order (indices into
    /// `features`): a cell's POIs are one run, found by binary search. Two flat arrays, where a dictionary of arrays
    /// was 100,000 small allocations to make and to free.
    private let keys: [Int64], members: [Int32]
    /// One line per region whose tables could not be read (the others are used).
    public let skipped: [String]
    /// The areas the POIs were read from: outside them nothing is known (no station is not no gap).
    public let outlines: [RegionOutline]

    /// The POIs among a region index's features (each decoded when it is read).
    public struct Features: RandomAccessCollection, Sendable {
        let all: RegionFeatures
        let first: Int
        public var startIndex: Int { 0 }
        public let endIndex: Int
        public subscript(position: Int) -> RegionFeature { all[first + position] }
    }

    /// `features` that have a category, each OpenStreetMap id once.
    public init(features: [RegionFeature], outlines: [RegionOutline] = [], skipped: [String] = []) {
        var seen = Set<String>(), kept: [RegionFeature] = []
        kept.reserveCapacity(features.count)
        for feature in features where feature.category != nil && seen.insert(feature.osmID).inserted {
            kept.append(feature)
        }
        self.init(Features(all: RegionFeatures(kept), first: 0, endIndex: kept.count), outlines: outlines,
                  skipped: skipped)
    }

    /// The POIs of `regions` (its features past the places: every one has a category), within the outlines of the
    /// regions of `installed` that it holds.
    public init(_ regions: RegionPlaceIndex, installed: InstalledRegions) {
        let outlines = installed.regions.filter { regions.regionNames.contains($0.name) }.map(\.manifest.outline)
        self.init(Features(all: regions.features, first: regions.placeCount, endIndex: regions.poiCount),
                  outlines: outlines, skipped: regions.skipped)
    }

    private init(_ features: Features, outlines: [RegionOutline], skipped: [String]) {
        let all = features.all, first = features.first
        var latitudes: [Double] = [], longitudes: [Double] = [], keyed: [(key: Int64, member: Int32)] = []
        latitudes.reserveCapacity(features.count)
        longitudes.reserveCapacity(features.count)
        keyed.reserveCapacity(features.count)
        for index in 0..<features.count {
            let latitude = all.latitude[first + index], longitude = all.longitude[first + index]
            latitudes.append(latitude)
            longitudes.append(longitude)
            guard let category = all.categoryOf(first + index) else { continue }
            keyed.append((Self.key(category, cell: Self.cell(row: Self.row(latitude), column: Self.column(longitude))),
                          Int32(index)))
        }
        keyed.sort { ($0.key, $0.member) < ($1.key, $1.member) }
        self.features = features
        (self.latitudes, self.longitudes) = (latitudes, longitudes)
        (keys, members) = (keyed.map(\.key), keyed.map(\.member))
        self.skipped = skipped
        self.outlines = outlines
    }

    /// Whether one region read holds every one of `coordinates`.
    public func covers(_ coordinates: [Coordinate]) -> Bool {
        outlines.contains { outline in coordinates.allSatisfy(outline.contains) }
    }

    /// The POIs of the regions of `installed`, from their search index (mapped; built there on first use where it is
    /// missing or stale, as `places` does).
    public static func load(_ installed: InstalledRegions, cacheDirectory: URL? = nil) -> POIIndex {
        POIIndex(RegionPlaceIndex.load(installed, cacheDirectory: cacheDirectory), installed: installed)
    }

    public var isEmpty: Bool { features.isEmpty }

    /// A cell spans this many degrees each way (about 5.5 km north to south).
    static let cellDegrees = 0.05
    static let columns = Int(360 / cellDegrees), rows = Int(180 / cellDegrees)

    static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) / cellDegrees).rounded(.down))))
    }

    /// Any longitude, wrapped (a corridor's are continuous past ±180°).
    static func column(_ longitude: Double) -> Int {
        let column = Int(((longitude + 180) / cellDegrees).rounded(.down)) % columns
        return column < 0 ? column + columns : column
    }

    static func cell(row: Int, column: Int) -> Int { row * columns + column }

    /// The POIs of `category` in one cell of the grid, in the order of `features`.
    func items(_ category: POICategory, cell: Int) -> ArraySlice<Int32> {
        let key = Self.key(category, cell: cell)
        let start = firstIndex(notBelow: key), end = firstIndex(notBelow: key + 1)
        return members[start..<end]
    }

    private static func key(_ category: POICategory, cell: Int) -> Int64 {
        Int64(POICategory.allCases.firstIndex(of: category)!) << 40 | Int64(cell)
    }

    private func firstIndex(notBelow key: Int64) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
