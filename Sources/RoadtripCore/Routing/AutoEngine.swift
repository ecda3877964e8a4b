import Foundation

/// Router `auto`: each leg from the source that knows it best. A leg whose two stops lie inside one installed
/// region is routed by that region's Routino database (the smallest such region); any other leg by `fallback`
/// (OSRM, when the user set its URL), else it is left to the estimate (`identity(from:to:)` is nil).
public struct AutoEngine: RoutingEngine {
    public let regions: InstalledRegions
    public let fallback: RoutingEngine?
    /// `routino-router`, by name or path.
    public let routinoExecutable: String

    public init(regions: InstalledRegions, fallback: RoutingEngine?, routinoExecutable: String = "routino-router") {
        self.regions = regions
        self.fallback = fallback
        self.routinoExecutable = routinoExecutable
    }

    public var source: LegSource { regions.regions.isEmpty ? fallback?.source ?? .estimate : .routino }

    public var identity: String {
        (["auto"] + regions.regions.map { "\($0.folder.path)@\($0.manifest.built)" } + [fallback?.identity ?? "estimate"])
            .joined(separator: " ")
    }

    /// The region and its engine for a leg inside one region.
    func regional(from: Coordinate, to: Coordinate) -> (region: InstalledRegion, engine: RoutinoEngine)? {
        regions.smallest(covering: [from, to]).map {
            ($0, RoutinoEngine(databaseDirectory: $0.routinoDirectory, executable: routinoExecutable))
        }
    }

    /// A region's legs are cached under its database and build time: two regions never share a leg, and a
    /// rebuilt region asks its legs again.
    public func identity(from: Coordinate, to: Coordinate) -> String? {
        if let (region, engine) = regional(from: from, to: to) { return "\(engine.identity) built=\(region.manifest.built)" }
        return fallback?.identity(from: from, to: to)
    }

    public func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        if let (region, engine) = regional(from: from, to: to) {
            var leg = try engine.leg(from: from, to: to)
            leg.region = region.name
            return leg
        }
        guard let fallback else {
            throw RoutingFailure.noRoute("Estimate: no installed region holds both stops, and no OSRM URL is set")
        }
        return try fallback.leg(from: from, to: to)
    }

    /// The fallback's matrix (one request for OSRM) where it answers, each region's legs inside it, and no
    /// cell where neither does (the route service fills those with the estimate).
    public func table(_ stops: [Coordinate]) throws -> LegMatrix {
        var matrix = LegMatrix(stops: stops, source: source)
        let outside = stops.indices.contains { from in
            stops.indices.contains { $0 != from && regional(from: stops[from], to: stops[$0]) == nil }
        }
        let remote = outside ? try fallback?.table(stops) : nil
        for from in stops.indices {
            for to in stops.indices where from != to {
                guard let (_, engine) = regional(from: stops[from], to: stops[to]) else {
                    if let remote, let leg = remote[from, to] {
                        matrix.set(leg, from: from, to: to)
                    } else {
                        matrix.fail(from: from, to: to, remote?.failure(from: from, to: to) ?? "Estimate: no region or OSRM")
                    }
                    continue
                }
                do {
                    matrix.set(try engine.leg(from: stops[from], to: stops[to]), from: from, to: to)
                } catch let failure as RoutingFailure {
                    if case .unavailable = failure { throw failure }
                    if case .timedOut = failure { throw failure }
                    matrix.fail(from: from, to: to, failure.description)
                }
            }
        }
        return matrix
    }
}
