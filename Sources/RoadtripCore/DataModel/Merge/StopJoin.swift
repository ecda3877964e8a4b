import Foundation

/// The stops' part of `TripMerge`: each stop, alive or deleted, joined field by field; the live ones in key order.
enum StopJoin {
    struct Version {
        var stop: Waypoint
        var key: OrderKey
        var stamps: [String: EditStamp]
        var deleted: EditStamp?

        var isAlive: Bool { deleted.map { (stamps.values.max() ?? .zero) > $0 } ?? true }
    }

    static func versions(of trip: TripVersion) -> [Version] {
        let keys = trip.marks.keys(count: trip.trip.waypoints.count)
        var versions = trip.trip.waypoints.enumerated().map { index, stop in
            Version(stop: stop, key: keys[index], stamps: trip.marks.stopStamps[stop.id] ?? [:], deleted: nil)
        }
        versions += trip.marks.deletedStops.map { Version(stop: $0.stop, key: $0.order, stamps: $0.stamps, deleted: $0.deleted) }
        return versions
    }

    static func join(_ x: TripVersion, _ y: TripVersion, into trip: inout Trip, marks: inout TripMarks,
                     conflicts: inout ConflictJoin) {
        let left = versions(of: x), right = versions(of: y)
        var rightByID = Dictionary(right.map { ($0.stop.id, $0) }, uniquingKeysWith: { first, _ in first })
        var joined: [Version] = []
        for version in left {
            if let other = rightByID.removeValue(forKey: version.stop.id) {
                joined.append(join(version, other, conflicts: &conflicts))
            } else {
                joined.append(version)
            }
        }
        joined += right.filter { rightByID[$0.stop.id] != nil }
        let live = joined.filter(\.isAlive).sorted { ($0.key, $0.stop.id.uuidString) < ($1.key, $1.stop.id.uuidString) }
        trip.waypoints = live.map(\.stop)
        let keys = live.map(\.key)
        marks.order = keys.indices.allSatisfy({ keys[$0] == OrderKey.canonical($0) }) ? nil : keys
        for version in live where !version.stamps.isEmpty { marks.stopStamps[version.stop.id] = version.stamps }
        marks.deletedStops = joined.filter { !$0.isAlive }
            .sorted { $0.stop.id.uuidString < $1.stop.id.uuidString }
            .map { DeletedStop(stop: $0.stop, order: $0.key, stamps: $0.stamps, deleted: $0.deleted ?? .zero) }
    }

    private static func join(_ a: Version, _ b: Version, conflicts: inout ConflictJoin) -> Version {
        var stop = a.stop
        var stamps: [String: EditStamp] = [:]
        for field in MergeFields.stop {
            let sa = a.stamps[field.name] ?? .zero, sb = b.stamps[field.name] ?? .zero
            // Equal values: the later stamp, and no tie to break (most fields of most stops).
            if field.same(a.stop, b.stop) {
                if !max(sa, sb).isZero { stamps[field.name] = max(sa, sb) }
                continue
            }
            let bWins = TripMerge.wins(sb, field.value(b.stop), over: sa, field.value(a.stop))
            field.take(&stop, bWins ? b.stop : a.stop)
            conflicts.lost(stop: stop.id, field: field.name, value: bWins ? field.value(a.stop) : field.value(b.stop),
                           stamp: bWins ? sa : sb, winnerIsY: bWins)
            let stamp = max(sa, sb)
            if !stamp.isZero { stamps[field.name] = stamp }
        }
        let sa = a.stamps["order"] ?? .zero, sb = b.stamps["order"] ?? .zero
        let key = TripMerge.wins(sb, .string(b.key.text), over: sa, .string(a.key.text)) ? b.key : a.key
        if !max(sa, sb).isZero { stamps["order"] = max(sa, sb) }
        if let restored = [a.stamps["restored"], b.stamps["restored"]].compactMap({ $0 }).max() {
            stamps["restored"] = restored
        }
        let deleted = [a.deleted, b.deleted].compactMap { $0 }.max()
        return Version(stop: stop, key: key, stamps: stamps, deleted: deleted)
    }
}
