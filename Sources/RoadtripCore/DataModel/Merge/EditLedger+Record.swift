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
                // Taken out of the table while it changes: the only reference to its keys, which change in place.
                var marks = trips.removeValue(forKey: id) ?? TripMarks()
                Self.record(trip: previous, to: &new[index], marks: &marks, now: now)
                trips[id] = marks.isEmpty ? nil : marks
            } else if let gone = deletedTrips.firstIndex(where: { $0.trip.id == id }) {
                let restored = deletedTrips.remove(at: gone)
                var marks = restored.marks
                marks.deleted = nil
                Self.record(trip: restored.trip, to: &new[index], marks: &marks, now: now)
                marks.stamps["restored"] = now()
                trips[id] = marks
            } else {
                fresh.insert(id)
            }
        }
        for (id, trip) in was {
            if fresh.remove(id) != nil {
                trips[id] = nil
                continue
            }
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
        // A clash the change brought (an undo of its taking back) stays: only those it found are settled.
        if !settled.isEmpty, !new.conflicts.isEmpty, !old.conflicts.isEmpty {
            let found = Set(old.conflicts)
            new.conflicts.removeAll { conflict in
                found.contains(conflict) && (settled.contains(conflict.key)
                    || conflict.stop.map { settled.contains(.init(stop: $0, field: "*")) } == true)
            }
        }
    }
}

/// The stops' part of `EditLedger.record`. A reorder in a 500-stop trip records on every key: what it costs is
/// kept to the stops that moved (`keys`).
private struct StopChanges {
    @discardableResult
    init(old: [Waypoint], new: [Waypoint], marks: inout TripMarks, now: () -> EditStamp,
         settled: inout Set<EditConflict.Key>) {
        let explicit = marks.order?.count == old.count
        // Each new stop's index among the old ones (-1: none): by position where the ids agree, by id elsewhere;
        // and the stops kept whose fields changed. One pass where the stops lie, compared bit for bit first:
        // copying each pair out to compare them retained their text twice a stop.
        var source = [Int](repeating: -1, count: new.count)
        var unplaced: [UUID: Int] = [:]
        var edited: [(Int, Int)] = []
        var allInPlace = true
        new.withUnsafeBufferPointer { now in
            old.withUnsafeBufferPointer { was in
                source.withUnsafeMutableBufferPointer { from in
                    let shared = min(now.count, was.count)
                    for index in 0..<shared {
                        if now[index].id == was[index].id {
                            from[index] = index
                            if !now.sameStop(index, as: was, index) { edited.append((index, index)) }
                        } else {
                            unplaced[was[index].id] = index
                        }
                    }
                    for index in shared..<was.count { unplaced[was[index].id] = index }
                    for index in 0..<now.count where from[index] < 0 {
                        let origin = unplaced.removeValue(forKey: now[index].id) ?? -1
                        from[index] = origin
                        // A new stop after the old ones keeps a canonical trip canonical.
                        if index < was.count || origin >= 0 { allInPlace = false }
                        if origin >= 0, !now.sameStop(index, as: was, origin) { edited.append((index, origin)) }
                    }
                }
            }
        }
        for (index, from) in edited {
            let id = new[index].id
            for field in MergeFields.stop where !field.same(old[from], new[index]) {
                marks.stopStamps[id, default: [:]][field.name] = now()
                settled.insert(EditConflict.Key(stop: id, field: field.name))
            }
        }
        // Stops removed: kept whole with their key and stamps.
        for (id, index) in unplaced {
            let stamps = marks.stopStamps.removeValue(forKey: id) ?? [:]
            let key = explicit ? marks.order![index] : .canonical(index)
            marks.deletedStops.append(DeletedStop(stop: old[index], order: key, stamps: stamps, deleted: now()))
            settled.insert(EditConflict.Key(stop: id, field: "*"))
        }
        if !unplaced.isEmpty { marks.deletedStops.sort { $0.stop.id.uuidString < $1.stop.id.uuidString } }
        // Stops that came back (an undo): their stamps back, and "restored".
        for index in new.indices where source[index] < 0 {
            let id = new[index].id
            guard let gone = marks.deletedStops.firstIndex(where: { $0.stop.id == id }) else { continue }
            let restored = marks.deletedStops.remove(at: gone)
            var stamps = restored.stamps
            for field in MergeFields.stop where !field.same(restored.stop, new[index]) { stamps[field.name] = now() }
            stamps["restored"] = now()
            marks.stopStamps[id] = stamps
        }
        if allInPlace && (new.count == old.count || !explicit) {
            // Only fields changed, or stops added or removed at the end of a canonical trip.
            if explicit, new.count != old.count { marks.order = Self.canonicalOrNil(Self.extended(marks.order!, to: new.count)) }
            return
        }
        // The keys are rewritten in place: taken from the marks, so that no copy of them is made.
        var keys = explicit ? marks.order! : (0..<old.count).map(OrderKey.canonical)
        marks.order = nil
        let moved = Self.rekey(&keys, source: source, oldCount: old.count)
        for index in moved where source[index] >= 0 || marks.stopStamps[new[index].id]?["restored"] != nil {
            marks.stopStamps[new[index].id, default: [:]]["order"] = now()
        }
        marks.order = Self.canonicalOrNil(keys)
    }

    /// Turns the old order's keys into the new order's, in place, and returns the positions whose key is new. Stops
    /// in place (the same id at the same position) keep their keys, so the work is in the runs between them: there
    /// the stops of a longest run still in their old order keep theirs too, and the others (moved, new, restored)
    /// get keys between their neighbours'. A run reads its old keys before it writes: the old positions it may keep
    /// lie within it, and later runs' beyond it.
    private static func rekey(_ keys: inout [OrderKey], source: [Int], oldCount: Int) -> [Int] {
        let count = source.count
        while keys.count < count { keys.append(.canonical(keys.count)) }  // placeholders, each in some run
        var moved: [Int] = []
        var index = 0
        while index < count {
            if source[index] == index {
                index += 1
                continue
            }
            var end = index
            while end < count, source[end] != end { end += 1 }
            // Old positions strictly between the stops in place around the run may keep their keys.
            let (low, high) = (index - 1, end < count ? end : oldCount)
            let run = source[index..<end].map { $0 > low && $0 < high ? $0 : -1 }
            var runKeys = [OrderKey?](repeating: nil, count: run.count)
            var previous: OrderKey? = index > 0 ? keys[index - 1] : nil
            for kept in longestIncreasing(run) {
                let key = keys[run[kept]]
                // Two stops inserted at one place on two machines share a key: only the first keeps it.
                if let previous, !(previous < key) { continue }
                runKeys[kept] = key
                previous = key
            }
            // The gaps: keys between their neighbours'.
            previous = index > 0 ? keys[index - 1] : nil
            var position = 0
            while position < run.count {
                guard runKeys[position] == nil else {
                    previous = runKeys[position]
                    position += 1
                    continue
                }
                var gapEnd = position
                while gapEnd < run.count, runKeys[gapEnd] == nil { gapEnd += 1 }
                let next = gapEnd < run.count ? runKeys[gapEnd] : (end < count ? keys[end] : nil)
                for (gap, key) in zip(position..<gapEnd, OrderKey.keys(gapEnd - position, between: previous, next)) {
                    runKeys[gap] = key
                    moved.append(index + gap)
                }
                position = gapEnd
            }
            for offset in run.indices { keys[index + offset] = runKeys[offset]! }
            index = end
        }
        if keys.count > count { keys.removeLast(keys.count - count) }
        return moved
    }

    /// `order` grown (canonical keys after its last, as an append gives) or cut to `count` stops.
    private static func extended(_ order: [OrderKey], to count: Int) -> [OrderKey] {
        guard count > order.count else { return Array(order.prefix(count)) }
        var keys = order
        while keys.count < count { keys.append(OrderKey.between(keys.last, nil)) }
        return keys
    }

    /// Nil for the canonical keys (a trip never reordered writes none); the check stops at the first key out of place.
    private static func canonicalOrNil(_ keys: [OrderKey]) -> [OrderKey]? {
        keys.indices.allSatisfy({ keys[$0].isCanonical(at: $0) }) ? nil : keys
    }

    /// The indices of a longest strictly increasing run of the values that are not -1 (patience sorting).
    private static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail of each length
        var parent = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() where value >= 0 {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
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
