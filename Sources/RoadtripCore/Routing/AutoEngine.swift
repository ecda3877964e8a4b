import Foundation

/// Router `auto`: each leg from the source that knows it best. A leg whose two stops lie inside one installed
/// region is routed by that region's Routino database (the smallest such region); any other leg by `fallback`
/// (OSRM, when the user set its URL), else it is left to the estimate (`identity(from:to:)` is nil).
public struct AutoEngine: RoutingEngine {
    public let regions: InstalledRegions
    public let fallback: RoutingEngine?
    /// `routino-router`, by name or path.
    public let routinoExecutable: String
    /// The vehicle and the roads to avoid, for the regions' legs (the fallback has its own).
    public let route: RouteProfile

    public init(regions: InstalledRegions, fallback: RoutingEngine?, routinoExecutable: String = "routino-router",
                route: RouteProfile = .standard) {
        self.regions = regions
        self.route = route
        self.fallback = fallback
        self.routinoExecutable = routinoExecutable
    }

    public var source: LegSource { regions.regions.isEmpty ? fallback?.source ?? .estimate : .routino }

    public var identity: String {
        (["auto"] + regions.regions.map { "\($0.folder.path)@\($0.manifest.built)" } + [fallback?.identity ?? "estimate"])
            .joined(separator: " ") + route.identity
    }

    /// The region and its engine for a leg inside one region.
    func regional(from: Coordinate, to: Coordinate) -> (region: InstalledRegion, engine: RoutinoEngine)? {
        regions.smallest(covering: [from, to]).map {
            ($0, RoutinoEngine(databaseDirectory: $0.routinoDirectory, executable: routinoExecutable,
                               atlas: RoutinoAtlas.load($0.atlasDirectory), route: route))
        }
    }

    /// A region's legs are cached under its database and build time: two regions never share a leg, and a
    /// rebuilt region asks its legs again. Asked for every leg a screen shows, on the app's loop: no file is touched
    /// (the atlas is read only to route).
    public func identity(from: Coordinate, to: Coordinate) -> String? {
        if let region = regions.smallest(covering: [from, to]) {
            let engine = RoutinoEngine(databaseDirectory: region.routinoDirectory, executable: routinoExecutable,
                                       route: route)
            return "\(engine.identity) built=\(region.manifest.built)"
        }
        return fallback?.identity(from: from, to: to)
    }

    public func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        if let leg = try regionalLeg(from: from, to: to, isCancelled: nil) { return leg }
        guard let fallback else {
            throw RoutingFailure.noRoute("Estimate: no installed region holds both stops, and no OSRM URL is set")
        }
        return try fallback.leg(from: from, to: to)
    }

    /// The fallback's matrix (one request for OSRM) for the open cells outside the regions, no cell where it does
    /// not answer (the route service fills those with the estimate), and each region's legs inside it, several
    /// at once.
    public func table(filling matrix: LegMatrix, _ work: TableWork) throws -> LegMatrix {
        var matrix = matrix
        let stops = matrix.stops
        let outside = matrix.openCells.filter { regional(from: stops[$0.from], to: stops[$0.to]) == nil }
        if !outside.isEmpty {
            let remote = try fallback?.table(stops)
            for (from, to) in outside {
                if let remote, let leg = remote[from, to] {
                    matrix.set(leg, from: from, to: to)
                } else {
                    matrix.fail(from: from, to: to, remote?.failure(from: from, to: to) ?? "Estimate: no region or OSRM")
                }
            }
        }
        return try ParallelLegs.fill(matrix, work) { from, to in
            // Every cell still open lies inside a region.
            guard let leg = try regionalLeg(from: from, to: to, isCancelled: work.isCancelled) else {
                throw RoutingFailure.noRoute("Estimate: no installed region holds both stops")
            }
            return leg
        }
    }

    /// The leg from the smallest region holding both stops, named after it, with its tolls when the region knows its
    /// tolled ways; nil when no region holds both stops.
    private func regionalLeg(from: Coordinate, to: Coordinate, isCancelled: (() -> Bool)?) throws -> RoutedLeg? {
        guard let (region, engine) = regional(from: from, to: to) else { return nil }
        var leg = try engine.leg(from: from, to: to, isCancelled: isCancelled)
        leg.region = region.name
        if let tolls = TollIndex.of(region)?.tolls(along: leg.geometry) {
            // Measured point to point, it may pass Routino's own distance by metres: never more of the leg than it has.
            (leg.tollKm, leg.tollPrice, leg.tollCurrency) = (min(tolls.km, leg.distanceKm), tolls.price, tolls.currency)
        }
        return leg
    }
}
