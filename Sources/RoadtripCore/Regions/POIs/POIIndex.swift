import Foundation

/// The installed regions' points of interest (`pois.tsv`), each category on a grid of cells of `cellDegrees`: a
/// corridor of a few km touches few cells, and each cell few pieces of road (a region holds hundreds of thousands of
/// POIs; a ½° cell would hold thousands). A POI in two overlapping regions is kept once (by its OpenStreetMap id).
/// Immutable once built: thread-safe.
public struct POIIndex: Sendable {
    public let features: [RegionFeature]
    /// `features`' positions apart: the corridor's test reads these for every POI near the road, the feature only
    /// for those inside it.
    let latitudes: [Double], longitudes: [Double]
    /// Category → cell (`cell(row:column:)`) → indices into `features`.
    private let cells: [POICategory: [Int: [Int32]]]
    /// Regions whose `pois.tsv` could not be read: name → why (the others are used).
    public let problems: [String: String]
    /// The areas the POIs were read from: outside them nothing is known (no station is not no gap).
    public let outlines: [RegionOutline]

    public init(features: [RegionFeature], outlines: [RegionOutline] = [], problems: [String: String] = [:]) {
        var seen = Set<String>(), kept: [RegionFeature] = []
        kept.reserveCapacity(features.count)
        for feature in features where feature.category != nil && seen.insert(feature.osmID).inserted {
            kept.append(feature)
        }
        var cells: [POICategory: [Int: [Int32]]] = [:]
        for (index, feature) in kept.enumerated() {
            let cell = Self.cell(row: Self.row(feature.latitude), column: Self.column(feature.longitude))
            cells[feature.category!, default: [:]][cell, default: []].append(Int32(index))
        }
        self.features = kept
        latitudes = kept.map(\.latitude)
        longitudes = kept.map(\.longitude)
        self.cells = cells
        self.problems = problems
        self.outlines = outlines
    }

    /// Whether one region read holds every one of `coordinates`.
    public func covers(_ coordinates: [Coordinate]) -> Bool {
        outlines.contains { outline in coordinates.allSatisfy(outline.contains) }
    }

    /// Reads every region's `pois.tsv`; a region whose table is missing or damaged is named in `problems`.
    public static func load(_ regions: InstalledRegions) -> POIIndex {
        POIIndex(RegionTables.read(regions, places: false))
    }

    /// The POIs of the regions whose `pois.tsv` was read, within their outlines.
    init(_ tables: [RegionTables]) {
        var features: [RegionFeature] = [], problems: [String: String] = [:], outlines: [RegionOutline] = []
        for region in tables {
            switch region.pois {
            case let .success(pois):
                features += pois
                outlines.append(region.region.manifest.outline)
            case let .failure(fault):
                problems[region.region.name] = "\(fault); rebuild it"
            }
        }
        self.init(features: features, outlines: outlines, problems: problems)
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

    /// The POIs of `category` in one cell of the grid.
    func items(_ category: POICategory, cell: Int) -> [Int32] {
        cells[category]?[cell] ?? []
    }
}
