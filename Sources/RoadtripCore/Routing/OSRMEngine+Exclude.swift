import Foundation

/// What an OSRM server can honour of the route profile. It routes for its own vehicle (one profile per server):
/// of the roads to avoid, only the classes its profile lets a request exclude (`exclude=`, Project OSRM's car
/// profile: `toll`, `motorway`, `ferry`, one at a time), never unpaved roads; and no size or kind of vehicle.
extension OSRMEngine {
    /// The class of ways OSRM's car profile gives what `avoid` keeps off; nil for unpaved roads (none).
    static func exclusionClass(_ avoid: Avoid) -> String? {
        switch avoid {
        case .motorways: return "motorway"
        case .ferries: return "ferry"
        case .tolls: return "toll"
        case .unpaved: return nil
        }
    }

    /// The profile asks for a vehicle the server's does not know: any size, a motorcycle or a campervan (an
    /// electric car drives a car's roads).
    var routesItsOwnVehicle: Bool {
        route.heightM > 0 || route.widthM > 0 || route.weightT > 0 || route.vehicle == .motorcycle || route.vehicle == .campervan
    }

    /// `ask` with the most of the profile's avoids excluded that the server takes: all of them, else the largest
    /// sets of them (in the avoids' order), else none. A set the server refuses is not asked again of it.
    /// Returns the answer and the avoids it excluded.
    func excluding(_ ask: ([Avoid]) throws -> (Data, Int)) throws -> (data: Data, status: Int, excluded: [Avoid]) {
        for avoids in exclusionSets() where !exclusions.refused(avoids) {
            let (data, status) = try ask(avoids)
            guard Self.refusesExclusion(data, status: status) else { return (data, status, avoids) }
            exclusions.refuse(avoids)
        }
        let (data, status) = try ask([])
        return (data, status, [])
    }

    /// Every non-empty set of the profile's avoids that have a class, largest first.
    func exclusionSets() -> [[Avoid]] {
        let avoids = route.avoid.filter { Self.exclusionClass($0) != nil }
        let sets = (1..<(1 << avoids.count)).map { mask in avoids.indices.filter { mask >> $0 & 1 == 1 }.map { avoids[$0] } }
        return sets.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// The query's `exclude` parameter, with its `&`; empty for none.
    static func excludeQuery(_ avoids: [Avoid]) -> String {
        let classes = avoids.compactMap(exclusionClass)
        return classes.isEmpty ? "" : "&exclude=" + classes.joined(separator: ",")
    }

    /// osrm-routed's answer to classes its profile cannot exclude together (or does not have):
    /// HTTP 400 `{"code":"InvalidValue","message":"Exclude flag combination is not supported."}`.
    static func refusesExclusion(_ data: Data, status: Int) -> Bool {
        struct Refusal: Decodable {
            let code: String?
            let message: String?
        }
        guard status == 400, let refusal = try? JSONDecoder().decode(Refusal.self, from: data) else { return false }
        return refusal.code == "InvalidValue" && (refusal.message ?? "").contains("Exclude")
    }

    /// `leg` as this profile routed it: the avoids not excluded said, and whether the server's own vehicle drove.
    func profiled(_ leg: RoutedLeg, excluded: [Avoid]) -> RoutedLeg {
        var leg = leg
        leg.unavoided = route.avoid.filter { !excluded.contains($0) }
        leg.ownProfile = routesItsOwnVehicle
        return leg
    }
}

/// The sets of avoids a server refused to exclude, shared by the copies of one engine (legs are asked from
/// several threads at once).
final class OSRMExclusions: @unchecked Sendable {
    private let lock = NSLock()
    private var refusedSets: Set<[Avoid]> = []

    func refused(_ avoids: [Avoid]) -> Bool { lock.withLock { refusedSets.contains(avoids) } }

    func refuse(_ avoids: [Avoid]) { _ = lock.withLock { refusedSets.insert(avoids) } }
}
