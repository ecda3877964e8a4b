import Foundation

/// The installed regions' points of interest (`pois.tsv`), each category on a grid of ½° cells (the gazetteer's
/// `NearestPlaceGrid` cells, so a day's corridor, `DayRoute.cells()`, reaches both with the same cells). A POI in two
/// overlapping regions is kept once (by its OpenStreetMap id). Immutable once built: thread-safe.
public struct POIIndex: Sendable {
    public let features: [RegionFeature]
    /// Category → cell (`row * NearestPlaceGrid.columns + column`) → indices into `features`.
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
            let cell = NearestPlaceGrid.row(feature.latitude) * NearestPlaceGrid.columns
                + NearestPlaceGrid.column(feature.longitude)
            cells[feature.category!, default: [:]][cell, default: []].append(Int32(index))
        }
        self.features = kept
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
        var features: [RegionFeature] = [], problems: [String: String] = [:], outlines: [RegionOutline] = []
        for region in regions.regions {
            do {
                features += try RegionTable.read(region.poisFile)
                outlines.append(region.manifest.outline)
            } catch {
                problems[region.name] = "its pois.tsv cannot be read (\(error)); rebuild it"
            }
        }
        return POIIndex(features: features, outlines: outlines, problems: problems)
    }

    public var isEmpty: Bool { features.isEmpty }

    /// The POIs of `category` in one cell of the grid.
    func items(_ category: POICategory, cell: Int) -> [Int32] {
        cells[category]?[cell] ?? []
    }

    /// The POIs of `category` in the box from `south` to `north`, `west` to `east` (degrees, no antimeridian
    /// crossing): what a map draws.
    public func features(_ category: POICategory, south: Double, west: Double, north: Double, east: Double,
                         limit: Int) -> [RegionFeature] {
        guard let grid = cells[category], limit > 0, south <= north, west <= east else { return [] }
        var found: [RegionFeature] = []
        let columns = NearestPlaceGrid.column(max(-180, west))...NearestPlaceGrid.column(min(179.999, east))
        for row in NearestPlaceGrid.row(south)...NearestPlaceGrid.row(north) {
            for column in columns {
                for index in grid[row * NearestPlaceGrid.columns + column] ?? [] {
                    let feature = features[Int(index)]
                    guard (south...north).contains(feature.latitude), (west...east).contains(feature.longitude) else {
                        continue
                    }
                    found.append(feature)
                    if found.count == limit { return found }
                }
            }
        }
        return found
    }
}

/// The POI index, loading in the background (the app starts it after the first frame, like the gazetteer; a
/// command waits for it).
public typealias POIIndexLoader = BackgroundLoad<POIIndex>

extension BackgroundLoad where Value == POIIndex {
    /// Scans `directory` for regions and reads their POIs (at `start()` when `startNow` is false).
    public convenience init(regions directory: URL = InstalledRegions.defaultDirectory(),
                            qos: DispatchQoS.QoSClass = .utility, startNow: Bool = true) {
        self.init(qos: qos, startNow: startNow) { POIIndex.load(InstalledRegions.scan(directory)) }
    }
}
