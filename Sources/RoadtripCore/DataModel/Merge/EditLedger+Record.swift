import Foundation

extension EditLedger {
    /// Brings the marks up to date with a change from `old` to `new` (the trips before and after one change):
    /// every field that changed takes one new stamp from `clock`, a moved or inserted stop a key between its
    /// neighbours', a deleted trip or stop is kept whole with the stamp of its deletion, and one brought back (an
    /// undo) is marked restored. An edited field's conflicts are dropped from `new`: the edit settles them.
    /// Only the trips between the ends the change left alone are looked at (`ChangedRange`).
    public mutating func record(from old: [Trip], to new: inout [Trip], clock: inout EditClock) {
        guard let changed = ChangedRange(from: old, to: new) else { return }
        clock.see(latest)
        var stamp: EditStamp?
        func now() -> EditStamp {
            if let stamp { return stamp }
            let next = clock.next()
            stamp = next
            return next
        }
        let before = old[changed.position..<(changed.position + changed.oldCount)]
        var was = Dictionary(before.lazy.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in changed.inNew {
            let id = new[index].id
            if let previous = was.removeValue(forKey: id) {
                if previous == new[index] { continue }
                var marks = trips[id] ?? TripMarks()
                Self.record(trip: previous, to: &new[index], marks: &marks, now: now)
                trips[id] = marks.isEmpty ? nil : marks
            } else if let gone = deletedTrips.firstIndex(where: { $0.trip.id == id }) {
                let restored = deletedTrips.remove(at: gone)
                var marks = restored.marks
                marks.deleted = nil
                Self.record(trip: restored.trip, to: &new[index], marks: &marks, now: now)
                marks.stamps["restored"] = now()
                trips[id] = marks
            }
        }
        for (id, trip) in was {
            var marks = trips.removeValue(forKey: id) ?? TripMarks()
            marks.deleted = now()
            deletedTrips.append(DeletedTrip(trip: trip, marks: marks))
        }
        if !was.isEmpty { deletedTrips.sort { $0.trip.id.uuidString < $1.trip.id.uuidString } }
        if let stamp { see(stamp) }
    }

    private static func record(trip old: Trip, to new: inout Trip, marks: inout TripMarks, now: () -> EditStamp) {
        var settled: Set<EditConflict.Key> = []
        for field in MergeFields.trip where !field.same(old, new) {
            marks.stamps[field.name] = now()
            settled.insert(EditConflict.Key(stop: nil, field: field.name))
        }
        if old.waypoints != new.waypoints {
            StopChanges(old: old.waypoints, new: new.waypoints, marks: &marks, now: now, settled: &settled)
        }
        if !settled.isEmpty, !new.conflicts.isEmpty {
            new.conflicts.removeAll { settled.contains($0.key) || $0.stop.map { stop in settled.contains(.init(stop: stop, field: "*")) } == true }
        }
    }
}

/// The stops' part of `EditLedger.record`.
private struct StopChanges {
    @discardableResult
    init(old: [Waypoint], new: [Waypoint], marks: inout TripMarks, now: () -> EditStamp,
         settled: inout Set<EditConflict.Key>) {
        let oldKeys = marks.keys(count: old.count)
        // Each new stop's index among the old ones: by position where the ids agree, by id elsewhere.
        var source = [Int?](repeating: nil, count: new.count)
        var unplaced: [UUID: Int] = [:]
        for index in old.indices where index >= new.count || old[index].id != new[index].id {
            unplaced[old[index].id] = index
        }
        var allInPlace = true
        for index in new.indices {
            if index < old.count, old[index].id == new[index].id {
                source[index] = index
            } else {
                source[index] = unplaced.removeValue(forKey: new[index].id)
                // A new stop after the old ones keeps a canonical trip canonical.
                if index < old.count || source[index] != nil { allInPlace = false }
            }
        }
        // Fields of the stops kept.
        for (index, from) in source.enumerated() {
            guard let from, new[index] != old[from] else { continue }
            let id = new[index].id
            for field in MergeFields.stop where !field.same(old[from], new[index]) {
                marks.stopStamps[id, default: [:]][field.name] = now()
                settled.insert(EditConflict.Key(stop: id, field: field.name))
            }
        }
        // Stops removed: kept whole with their key and stamps.
        for (id, index) in unplaced {
            let stamps = marks.stopStamps.removeValue(forKey: id) ?? [:]
            marks.deletedStops.append(DeletedStop(stop: old[index], order: oldKeys[index], stamps: stamps, deleted: now()))
            settled.insert(EditConflict.Key(stop: id, field: "*"))
        }
        if !unplaced.isEmpty { marks.deletedStops.sort { $0.stop.id.uuidString < $1.stop.id.uuidString } }
        // Stops that came back (an undo): their stamps back, and "restored".
        for index in new.indices where source[index] == nil {
            let id = new[index].id
            guard let gone = marks.deletedStops.firstIndex(where: { $0.stop.id == id }) else { continue }
            let restored = marks.deletedStops.remove(at: gone)
            var stamps = restored.stamps
            for field in MergeFields.stop where !field.same(restored.stop, new[index]) { stamps[field.name] = now() }
            stamps["restored"] = now()
            marks.stopStamps[id] = stamps
        }
        if allInPlace && new.count == old.count { return }
        marks.order = Self.keys(source: source, oldKeys: oldKeys, new: new, marks: &marks, now: now,
                                wasCanonical: marks.order == nil, allInPlace: allInPlace)
    }

    /// The new order's keys: the stops of a longest run kept in their old order keep theirs; the others (moved,
    /// new, restored) get keys between their neighbours', and a moved one an "order" stamp. Nil when canonical.
    private static func keys(source: [Int?], oldKeys: [OrderKey], new: [Waypoint], marks: inout TripMarks,
                             now: () -> EditStamp, wasCanonical: Bool, allInPlace: Bool) -> [OrderKey]? {
        let kept = longestIncreasing(source.map { $0.map { oldKeys[$0] } })
        var keys = [OrderKey?](repeating: nil, count: source.count)
        for index in kept { keys[index] = oldKeys[source[index]!] }
        var index = 0
        while index < keys.count {
            guard keys[index] == nil else { index += 1; continue }
            var end = index
            while end < keys.count, keys[end] == nil { end += 1 }
            let next = end < keys.count ? keys[end] : nil
            var previous = index > 0 ? keys[index - 1] : nil
            for position in index..<end {
                let key = OrderKey.between(previous, next)
                keys[position] = key
                previous = key
                if source[position] != nil || marks.stopStamps[new[position].id]?["restored"] != nil {
                    marks.stopStamps[new[position].id, default: [:]]["order"] = now()
                }
            }
            index = end
        }
        let result = keys.map { $0! }
        // Stops only added at the end of a canonical trip (or only removed from its end) keep it canonical; other
        // changes mostly leave a key out of place early on, where the check stops.
        if wasCanonical && allInPlace { return nil }
        return result.indices.allSatisfy({ result[$0] == OrderKey.canonical($0) }) ? nil : result
    }

    /// The indices of a longest strictly increasing run of the non-nil values (patience sorting). Over the keys, not
    /// the old positions: two stops inserted at one place on two machines share a key, and only one may keep it.
    private static func longestIncreasing(_ values: [OrderKey?]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of each length
        var parent = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]]! < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { parent[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var at = tails.last ?? -1
        while at >= 0 {
            run.append(at)
            at = parent[at]
        }
        return run.reversed()
    }
}

extension EditConflict {
    /// Which field a conflict is about; field "*" stands for every field of a stop (a deleted stop).
    struct Key: Hashable {
        let stop: UUID?
        let field: String
    }

    var key: Key { Key(stop: stop, field: field) }
}
