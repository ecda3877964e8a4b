/// Legs that lie across two installed regions: each stop in a region, no region holding both, so Routino
/// (which routes inside one region) leaves the leg to the estimate. Found once per trip for each pair of
/// regions, with the command that merges them: what the trip screen's summary, `show` and `show --json` say.
public struct RegionSpan: Equatable, Sendable {
    /// The region of the first such leg's first stop, and of its last stop.
    public let first: String
    public let second: String
    /// The legs (index of their first stop) across these two, in trip order.
    public let legs: [Int]
    /// The command that rebuilds `first` with `second`'s sources added (`region add --to`).
    public let command: String

    /// The spans of `trip`'s estimated legs among `regions`; none unless the router is `auto` (the only one
    /// that routes by region).
    public static func find(_ trip: Trip, _ itinerary: Itinerary, in regions: InstalledRegions,
                            router: Settings.RouterKind) -> [RegionSpan] {
        guard router == .auto, !regions.regions.isEmpty else { return [] }
        let stops = trip.waypoints.map(\.coordinate)
        var spans: [RegionSpan] = []
        for leg in itinerary.legs where leg.isEstimate && leg.to < stops.count {
            let (from, to) = (stops[leg.from], stops[leg.to])
            guard regions.smallest(covering: [from, to]) == nil, let a = regions.smallest(covering: [from]),
                  let b = regions.smallest(covering: [to]) else { continue }
            if let at = spans.firstIndex(where: { Set([$0.first, $0.second]) == Set([a.name, b.name]) }) {
                spans[at] = RegionSpan(first: spans[at].first, second: spans[at].second, legs: spans[at].legs + [leg.from],
                                       command: spans[at].command)
            } else {
                spans.append(RegionSpan(first: a.name, second: b.name, legs: [leg.from],
                                        command: RegionAddCommandLine.extend(a.name, with: b.manifest.sources.map(\.path))))
            }
        }
        return spans
    }

    /// "legs 3–4, 5–6"
    public var legList: String {
        (legs.count == 1 ? "leg " : "legs ") + legs.map { "\($0 + 1)–\($0 + 2)" }.joined(separator: ", ")
    }

    /// For the summary line: "leg 3–4 across regions a and b".
    public var summary: String { "\(legList) across regions \(first) and \(second)" }

    /// The whole note: "legs 3–4, 5–6 lie across the regions a and b, which are not merged: no roads there. Merge
    /// them: roadtrip region add --to a /data/b-latest.osm.pbf". Merging into `first` is one command that keeps its
    /// name, reads `second`'s files from where its manifest says they are, and leaves `first` as it was until the
    /// new one is complete.
    public var note: String {
        "\(legList) \(legs.count == 1 ? "lies" : "lie") across the regions \(first) and \(second), which are not merged: "
            + "no roads there. Merge them: \(command)"
    }
}
