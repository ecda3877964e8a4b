import Foundation

/// The outlines drawn under a trip (coastlines, lakes, borders, states, rivers) at three resolutions,
/// read from `Resources/map/basemap.bin` (GSHHG, LGPL-3.0; see its README).
///
/// ```swift
/// let map = try BaseMap.loadBundled()
/// let resolution = BaseMap.Resolution.suited(toDegreesPerDot: projection.degreesPerPixel)
/// for line in map.polylines(in: projection.visibleBox, resolution: resolution) {
///     // line.points, each moved east by line.longitudeShift, projected and drawn on line.layer
/// }
/// ```
public final class BaseMap: Sendable {
    public enum Layer: Int, CaseIterable, Sendable {
        case coast, lake, border, state, river
    }

    /// GSHHG's crude, low and intermediate resolutions.
    public enum Resolution: Int, CaseIterable, Comparable, Sendable {
        case crude, low, intermediate

        /// The coarsest resolution whose detail a dot of this size still shows.
        public static func suited(toDegreesPerDot degrees: Double) -> Resolution {
            if degrees >= 0.15 { return .crude }
            if degrees >= 0.02 { return .low }
            return .intermediate
        }

        public static func < (a: Resolution, b: Resolution) -> Bool { a.rawValue < b.rawValue }
    }

    /// One point in degrees; single precision (about a metre) is far finer than the data.
    public struct Point: Equatable, Sendable {
        public var longitude: Float
        public var latitude: Float

        public init(longitude: Float, latitude: Float) {
            self.longitude = longitude
            self.latitude = latitude
        }
    }

    /// An open line of at least two points with its bounding box. `longitudeShift` (0 or ±360) is
    /// set by `polylines(in:resolution:)` when the line was found across the antimeridian: add it to
    /// every point's longitude before projecting.
    public struct Polyline: Sendable {
        public let layer: Layer
        public let box: GeoBox
        public let points: ArraySlice<Point>
        public internal(set) var longitudeShift: Double = 0
    }

    struct Section: Sendable {
        let layer: Layer
        let resolution: Resolution
        let polylines: [Polyline]
        let pointCount: Int
    }

    /// The one-line credit the map shows, and the help repeats.
    public static let attribution = "Map data: GSHHG (Wessel & Smith), licensed under LGPL-3.0."

    private let sections: [Section]
    /// Every point's latitude is a whole number of these.
    private let unitsPerDegree: Int
    /// The Mercator y (`MapProjection.worldY`) of every latitude a point can have, south to north: projecting a
    /// view's 20,000 points then takes no tangent or logarithm. Empty when the file's units are too fine for it.
    private let worldYs: [Double]
    /// `unitsPerDegree` as a Double, and the index of latitude 0 in `worldYs`: kept, not worked out per point.
    private let unitsScale: Double
    private let equatorIndex: Int
    /// How long reading and decoding took.
    public let loadDuration: TimeInterval

    init(sections: [Section], unitsPerDegree: Int, loadDuration: TimeInterval) {
        self.sections = sections
        self.unitsPerDegree = unitsPerDegree
        worldYs = unitsPerDegree > 10_000 ? [] : (-90 * unitsPerDegree...90 * unitsPerDegree).map {
            MapProjection.worldY(Double(Float(Double($0) / Double(unitsPerDegree))))
        }
        unitsScale = Double(unitsPerDegree)
        equatorIndex = 90 * unitsPerDegree
        self.loadDuration = loadDuration
    }

    /// `MapProjection.worldY(Double(latitude))` of a point's latitude, from the table when there is one.
    @inline(__always)
    func worldY(_ latitude: Float) -> Double {
        guard !worldYs.isEmpty else { return MapProjection.worldY(Double(latitude)) }
        // The latitude is `Float(units / unitsPerDegree)`, which a Float holds closely enough to round back: within
        // a hair of a whole number (never near a half), which adding 1.5 · 2⁵² leaves in the low bits of the sum
        // (no call to `round`, nor the checks of `Int(Double)`, for a view's 20,000 points). Anything else is clamped.
        let shifter = 6_755_399_441_055_744.0
        let units = Int(truncatingIfNeeded: (Double(latitude) * unitsScale + shifter).bitPattern)
            &- Int(truncatingIfNeeded: shifter.bitPattern)
        return worldYs[min(max(units &+ equatorIndex, 0), worldYs.count - 1)]
    }

    /// Where the shipped base map is, if anywhere.
    public static var bundledDataURL: URL? { ResourceLocator.url(for: BaseMapFile.relativePath) }

    public static func load(from url: URL) throws -> BaseMap {
        let started = Date()
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BaseMapError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        let (sections, units) = try BaseMapFile.decode(data)
        return BaseMap(sections: sections, unitsPerDegree: units, loadDuration: Date().timeIntervalSince(started))
    }

    private static let bundledLoad = Result { try loadBundled() }

    /// The shipped base map, read on the first call (from any thread) and kept: the maps and the estimate's
    /// water check share one copy.
    public static func bundled() throws -> BaseMap {
        try bundledLoad.get()
    }

    /// Loads the base map shipped in `Resources/map/` (found by `ResourceLocator`).
    public static func loadBundled() throws -> BaseMap {
        guard let url = bundledDataURL else { throw BaseMapError.dataNotFound }
        return try load(from: url)
    }

    /// Every polyline of `layer` at `resolution`.
    public func polylines(_ layer: Layer, resolution: Resolution) -> [Polyline] {
        sections.first { $0.layer == layer && $0.resolution == resolution }?.polylines ?? []
    }

    /// How many points `layer` has at `resolution`.
    public func pointCount(_ layer: Layer, resolution: Resolution) -> Int {
        sections.first { $0.layer == layer && $0.resolution == resolution }?.pointCount ?? 0
    }

    /// The polylines of `layers` whose box meets `box`, layer by layer in the order given. A box
    /// reaching past ±180° also finds lines on the far side of the antimeridian, shifted by ±360°.
    public func polylines(in box: GeoBox, resolution: Resolution,
                          layers: [Layer] = Layer.allCases) -> [Polyline] {
        let shifts = [0.0, 360, -360].filter { box.shifted(by: -$0).intersects(GeoBox(west: -180, south: -90, east: 180, north: 90)) }
        var found: [Polyline] = []
        for layer in layers {
            for shift in shifts {
                let query = box.shifted(by: -shift)
                for line in polylines(layer, resolution: resolution) where line.box.intersects(query) {
                    var moved = line
                    moved.longitudeShift = shift
                    found.append(moved)
                }
            }
        }
        return found
    }
}

public enum BaseMapError: Error, Equatable, CustomStringConvertible {
    case dataNotFound
    case unreadable(path: String, reason: String)
    case corrupt(String)

    public var description: String {
        switch self {
        case .dataNotFound: return "The base map (map/basemap.bin) was not found; set ROADTRIP_RESOURCES to the Resources folder."
        case .unreadable(let path, let reason): return "Cannot read the base map \(path): \(reason)"
        case .corrupt(let detail): return "The base map file is damaged (\(detail)); reinstall roadtrip or rebuild it with scripts/build-basemap."
        }
    }
}
