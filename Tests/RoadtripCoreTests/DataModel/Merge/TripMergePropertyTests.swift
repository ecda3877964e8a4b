import Foundation
import XCTest
@testable import RoadtripCore
import RoadtripTestSupport

/// Issue 36's properties over random edit sequences from a common base: three machines (clocks minutes apart) edit
/// at once, merge in any order and grouping, edit on and merge again. 10,000 seeds (a failure names its seed).
final class TripMergePropertyTests: XCTestCase {
    func testMergeIsCommutativeAssociativeIdempotentAndLosesNoEdit() {
        let seeds = ProcessInfo.processInfo.environment["MERGE_SEEDS"].flatMap(Int.init) ?? 10_000
        for seed in 0..<UInt64(seeds) {
            if let failure = check(seed: seed) {
                XCTFail("seed \(seed): \(failure)")
                return
            }
        }
    }

    private func check(seed: UInt64) -> String? {
        var rng = SeededGenerator(seed: seed)
        let wall = HandClock()
        var base = MergeReplica(MergeDocument(trips: []), device: 1, wall: wall, skew: 0)
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            base.edit(using: &rng)
            wall.millis += Int64.random(in: 0...2000, using: &rng)
        }
        var replicas = (2...4).map { device in
            MergeReplica(base.document, device: UInt32(device), wall: wall,
                         skew: Int64.random(in: -180_000...180_000, using: &rng))
        }
        for round in 0..<2 {
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                replicas[Int.random(in: 0..<3, using: &rng)].edit(using: &rng)
                wall.millis += Int64.random(in: 0...2000, using: &rng)
            }
            // What a machine merges from another went through a file: saved.
            for index in replicas.indices { replicas[index].save() }
            let (a, b, c) = (replicas[0].document, replicas[1].document, replicas[2].document)
            let ab = TripMerge.join(a, b)
            if ab != TripMerge.join(b, a) { return "round \(round): merge(a, b) != merge(b, a)" }
            if TripMerge.join(ab, c) != TripMerge.join(a, TripMerge.join(b, c)) {
                return "round \(round): merge(merge(a, b), c) != merge(a, merge(b, c))"
            }
            if TripMerge.join(ab, ab) != ab {
                return "round \(round): merge(m, m) != m"
            }
            if TripMerge.join(ab, a) != ab || TripMerge.join(ab, b) != ab { return "round \(round): merge(m, a) != m" }
            if let lost = lostEdit(from: a, other: b, merged: ab) ?? lostEdit(from: b, other: a, merged: ab) {
                return "round \(round): \(lost)"
            }
            if let invalid = ab.trips.lazy.compactMap({ trip in (try? trip.validated()) == nil ? trip.name : nil }).first {
                return "round \(round): merged trip \(invalid) is not valid"
            }
            // The merge as a file: written and read back whole (every 50th case: the writer is not the subject).
            if seed % 50 == 0 {
                guard let bytes = try? TripDocument.encode(TripDocument(trips: ab.trips, ledger: ab.ledger)),
                      let read = try? TripDocument.decode(bytes) else { return "round \(round): the merge does not load" }
                if read.trips != ab.trips || read.ledger != ab.ledger { return "round \(round): the merge reads back otherwise" }
            }
            // Two of them take the merge in and edit on; the third stays behind.
            replicas[0].adopt(ab)
            if Bool.random(using: &rng) { replicas[1].adopt(TripMerge.join(ab, c)) }
        }
        return nil
    }

    /// An edit of `side` missing from `merged` without a later edit of the same field on `other` (then listed as a
    /// conflict unless `other` had seen it).
    private func lostEdit(from side: MergeDocument, other: MergeDocument, merged: MergeDocument) -> String? {
        let result = TripMerge.versions(of: merged), theirs = TripMerge.versions(of: other)
        for (id, mine) in TripMerge.versions(of: side) where mine.isAlive {
            let them = theirs[id]
            guard let now = result[id], now.isAlive else {
                if let deleted = them?.marks.deleted, deleted > mine.marks.latest { continue }
                return "trip \(mine.trip.name) is gone"
            }
            for field in MergeFields.trip {
                if let lost = check(field.name, stop: nil, mine: (mine.marks.stamps[field.name], field.value(mine.trip)),
                                    theirs: them?.marks.stamps[field.name], now: field.value(now.trip),
                                    conflicts: now.trip.conflicts, otherSaw: other.ledger) { return lost }
            }
            let theirStops = them.map { Dictionary(StopJoin.versions(of: $0).map { ($0.stop.id, $0) }, uniquingKeysWith: { a, _ in a }) } ?? [:]
            let nowStops = Dictionary(StopJoin.versions(of: now).map { ($0.stop.id, $0) }, uniquingKeysWith: { a, _ in a })
            for stop in StopJoin.versions(of: mine) where stop.isAlive {
                let them = theirStops[stop.stop.id]
                guard let after = nowStops[stop.stop.id], after.isAlive else {
                    if let deleted = them?.deleted, deleted > (stop.stamps.values.max() ?? .zero) { continue }
                    return "stop \(stop.stop.name) of \(mine.trip.name) is gone"
                }
                for field in MergeFields.stop {
                    if let lost = check(field.name, stop: stop.stop.id, mine: (stop.stamps[field.name], field.value(stop.stop)),
                                        theirs: them?.stamps[field.name], now: field.value(after.stop),
                                        conflicts: now.trip.conflicts, otherSaw: other.ledger) { return lost }
                }
            }
        }
        return nil
    }

    private func check(_ field: String, stop: UUID?, mine: (EditStamp?, JSONValue), theirs: EditStamp?, now: JSONValue,
                       conflicts: [EditConflict], otherSaw: EditLedger) -> String? {
        let (stamp, value) = (mine.0 ?? .zero, mine.1)
        guard !stamp.isZero else { return nil }
        let where_ = "\(stop == nil ? "trip" : "stop") field \(field)"
        if stamp > (theirs ?? .zero) { return now == value ? nil : "\(where_): the later edit was lost" }
        if stamp == theirs || now == value || otherSaw.hasSeen(stamp) { return nil }
        let entry = EditConflict(stop: stop, field: field, value: value, stamp: stamp.description)
        return conflicts.contains(entry) || conflicts.count >= TripMerge.maxConflicts ? nil
            : "\(where_): the value that lost is not listed as a conflict"
    }
}
