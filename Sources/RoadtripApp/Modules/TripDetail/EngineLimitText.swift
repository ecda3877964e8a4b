import RoadtripCore

/// What the engines the settings route with cannot honour of the vehicle and roads asked for, said when the trip's
/// are changed: "Routino cannot avoid tolls". The legs say it again, each for itself, once routed.
enum EngineLimitText {
    private struct Engine {
        let name: String
        let cannotAvoid: Set<Avoid>
        /// Keeps under the vehicle's height, width and weight (Routino's restrictions).
        let keepsToSize: Bool
    }

    private static let routino = Engine(name: "Routino", cannotAvoid: [.tolls], keepsToSize: true)
    /// OSRM routes with its server's own profile; `exclude=` classes have no unpaved one.
    private static let osrm = Engine(name: "OSRM", cannotAvoid: [.unpaved], keepsToSize: false)
    /// It knows no roads: only the water's way round (ferries).
    private static let estimate = Engine(name: "the estimate", cannotAvoid: [.motorways, .tolls, .unpaved],
                                         keepsToSize: false)

    /// The engines `settings` (a trip's, applied) route with: `auto` takes Routino in a region, else OSRM when its
    /// URL is set, else the estimate.
    private static func engines(_ settings: Settings) -> [Engine] {
        switch settings.router {
        case .estimate: return [estimate]
        case .osrm: return [osrm]
        case .routino: return [routino]
        case .auto: return [routino, settings.osrmURLIsSet ? osrm : estimate]
        }
    }

    /// "Routino cannot avoid tolls; the estimate cannot avoid motorways or tolls, nor keep to the height, width and
    /// weight"; nil when every engine honours all that is asked.
    static func note(_ settings: Settings) -> String? {
        let sized = settings.heightM > 0 || settings.widthM > 0 || settings.weightT > 0
        let sentences = engines(settings).compactMap { engine -> String? in
            let avoids = settings.avoid.filter(engine.cannotAvoid.contains).map(name)
            var parts: [String] = []
            if !avoids.isEmpty { parts.append("avoid " + list(avoids)) }
            if sized && !engine.keepsToSize { parts.append("keep to the height, width and weight") }
            return parts.isEmpty ? nil : "\(engine.name) cannot " + parts.joined(separator: ", nor ")
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: "; ")
    }

    static func name(_ avoid: Avoid) -> String {
        avoid == .unpaved ? "unpaved roads" : avoid.rawValue
    }

    /// "tolls", "motorways or tolls", "motorways, tolls or unpaved roads".
    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
