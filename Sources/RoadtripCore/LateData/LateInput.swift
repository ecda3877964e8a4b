/// What reaches a run after its first frame, and what every figure that reads it depends on.
public enum LateInput: String, CaseIterable, Hashable, Sendable {
    /// A routing engine's answers (legs, matrices).
    case routes
    /// The shorelines the estimate's water check reads.
    case shorelines
    /// The bundled gazetteer.
    case places
    /// The installed regions: their places, points of interest and outlines.
    case regions
    /// The base map under the trip's map.
    case baseMap
    /// The settings in force (the Settings screen, or the file changed by another program).
    case settings
}

/// How many times each input has changed since start: a figure keeps the revisions it was worked out from, so
/// whether it is stale is a comparison, not a guess about timing.
public struct Revisions: Hashable, Sendable {
    private var counts: [LateInput: Int] = [:]

    public init() {}

    public subscript(input: LateInput) -> Int { counts[input] ?? 0 }

    mutating func bump(_ input: LateInput) {
        counts[input, default: 0] += 1
    }

    /// The inputs whose revision differs from `other`'s.
    public func changed(since other: Revisions) -> Set<LateInput> {
        Set(LateInput.allCases.filter { self[$0] != other[$0] })
    }
}

/// The one event for late data: which inputs changed since the last one.
public struct LateArrival: Equatable, Sendable {
    public var inputs: Set<LateInput>
    /// The trips whose legs changed: a routing engine answered for them, or their estimate's water was measured.
    public var routedTrips: Set<Trip.ID>
    /// The inputs that changed only for `routedTrips`: a routing engine's answers always (they are per leg), the
    /// water of the legs a trip's figures missed. The others changed for every trip.
    public var perTrip: Set<LateInput>

    /// `perTrip`: by default `.routes` alone.
    public init(_ inputs: Set<LateInput>, routedTrips: Set<Trip.ID> = [], perTrip: Set<LateInput>? = nil) {
        self.inputs = inputs
        self.routedTrips = routedTrips
        self.perTrip = perTrip ?? inputs.intersection([.routes])
    }

    /// Whether a screen that reads `uses` for `trip` (nil: for every trip, as the list) must read again.
    public func concerns(_ uses: Set<LateInput>, trip: Trip.ID? = nil) -> Bool {
        let touched = inputs.intersection(uses)
        guard !touched.isEmpty, touched.isSubset(of: perTrip), let trip else { return !touched.isEmpty }
        return routedTrips.contains(trip)
    }

    /// Whether what a screen reading `uses` must read again is only `routedTrips` (a list redoes their rows).
    public func onlyRoutedTrips(_ uses: Set<LateInput>) -> Bool {
        let touched = inputs.intersection(uses)
        return !touched.isEmpty && touched.isSubset(of: perTrip)
    }

    /// This arrival and `other` as one (a burst of answers redraws a screen once). An input that came for every
    /// trip in either came for every trip.
    func merged(with other: LateArrival) -> LateArrival {
        let everyTrip = inputs.subtracting(perTrip).union(other.inputs.subtracting(other.perTrip))
        return LateArrival(inputs.union(other.inputs), routedTrips: routedTrips.union(other.routedTrips),
                           perTrip: perTrip.union(other.perTrip).subtracting(everyTrip))
    }
}
