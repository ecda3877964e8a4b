import Foundation

/// Two versions of the trips, with their marks: what a merge joins.
public struct MergeDocument: Equatable, Sendable {
    public var trips: [Trip]
    public var ledger: EditLedger

    public init(trips: [Trip], ledger: EditLedger = EditLedger()) {
        self.trips = trips
        self.ledger = ledger
    }
}

/// The merge of two versions of the trips file made apart (two machines, a sync folder's conflict copy, two git
/// branches), without their common ancestor: a state merge, so `merge(a, b) == merge(b, a)`,
/// `merge(a, a) == a` and `merge(merge(a, b), c) == merge(a, merge(b, c))` (`TripMergePropertyTests`).
///
/// - Each field of a trip or a stop takes the value with the later stamp (`EditStamp`; a tie of two unstamped
///   values, from two schema-1 files, takes the one whose JSON sorts first).
/// - A deleted trip or stop is kept whole with its deletion's stamp; it is alive when something in it was edited
///   after that (an edit beats an older delete), and then has every field's latest value.
/// - Stops sort by their order key (a field like the others: a move is an edit of it), then by id.
/// - A value that lost to one made without seeing it (the other side's `seen` does not hold its stamp) is kept on
///   its trip as a conflict, as a multi-value register keeps concurrent values: a conflict the other side already
///   saw and settled is dropped. At most `maxConflicts` a trip, the newest.
/// - Trips are listed newest first (by creation, then id).
public enum TripMerge {
    public static let maxConflicts = 50

    public static func merge(_ a: MergeDocument, _ b: MergeDocument) -> MergeDocument {
        a == b ? a : join(a, b)
    }

    /// `merge` without its shortcut for equal documents, which the tests need to see a merge of one with itself.
    static func join(_ a: MergeDocument, _ b: MergeDocument) -> MergeDocument {
        var ledger = EditLedger()
        ledger.seen = a.ledger.seen.merging(b.ledger.seen, uniquingKeysWith: max)
        let left = versions(of: a), right = versions(of: b)
        var merged: [TripVersion] = []
        for (id, x) in left {
            if let y = right[id] {
                merged.append(join(x, y, seen: (a.ledger, b.ledger)))
            } else {
                merged.append(x.unseenConflictsKept(by: b.ledger))
            }
        }
        for (id, y) in right where left[id] == nil { merged.append(y.unseenConflictsKept(by: a.ledger)) }
        var trips: [Trip] = []
        for version in merged {
            if version.isAlive {
                var marks = version.marks
                marks.deleted = nil
                if !marks.isEmpty { ledger.trips[version.trip.id] = marks }
                trips.append(version.trip)
            } else {
                ledger.deletedTrips.append(DeletedTrip(trip: version.trip, marks: version.marks))
            }
        }
        // Each trip's key made once: making the id's text in the comparison was a twelfth of a 10,000-trip merge.
        trips = trips.map { ($0, $0.createdAt, $0.id.uuidString) }.sorted { ($0.1, $0.2) > ($1.1, $1.2) }.map(\.0)
        ledger.deletedTrips.sort { $0.trip.id.uuidString < $1.trip.id.uuidString }
        return MergeDocument(trips: trips, ledger: ledger)
    }

    /// Every trip of a document, alive or deleted, by id.
    static func versions(of document: MergeDocument) -> [UUID: TripVersion] {
        var versions: [UUID: TripVersion] = [:]
        for trip in document.trips {
            versions[trip.id] = TripVersion(trip: trip, marks: document.ledger.trips[trip.id] ?? TripMarks())
        }
        for gone in document.ledger.deletedTrips where versions[gone.trip.id] == nil {
            versions[gone.trip.id] = TripVersion(trip: gone.trip, marks: gone.marks)
        }
        return versions
    }

    static func join(_ x: TripVersion, _ y: TripVersion, seen: (EditLedger, EditLedger)) -> TripVersion {
        // The same version on both sides (most trips of two copies of one file): nothing to join.
        if x.trip.conflicts.isEmpty, x.marks == y.marks, x.trip == y.trip { return x }
        // The trip that was made first is the base (createdAt cannot change); every field is then taken by stamp.
        let xFirst = (x.trip.createdAt, x.trip.id.uuidString) <= (y.trip.createdAt, y.trip.id.uuidString)
        var trip = xFirst ? x.trip : y.trip
        var marks = TripMarks()
        var conflicts = ConflictJoin(x: x, y: y, seen: seen)
        for field in MergeFields.trip {
            let sx = x.marks.stamps[field.name] ?? .zero, sy = y.marks.stamps[field.name] ?? .zero
            // Equal values: the later stamp, and no tie to break.
            if field.same(x.trip, y.trip) {
                if !max(sx, sy).isZero { marks.stamps[field.name] = max(sx, sy) }
                continue
            }
            let yWins = wins(sy, field.value(y.trip), over: sx, field.value(x.trip))
            field.take(&trip, yWins ? y.trip : x.trip)
            conflicts.lost(stop: nil, field: field.name, value: yWins ? field.value(x.trip) : field.value(y.trip),
                           stamp: yWins ? sx : sy, winnerIsY: yWins)
            let stamp = max(sx, sy)
            if !stamp.isZero { marks.stamps[field.name] = stamp }
        }
        if let restored = [x.marks.stamps["restored"], y.marks.stamps["restored"]].compactMap({ $0 }).max() {
            marks.stamps["restored"] = restored
        }
        trip.updatedAt = max(x.trip.updatedAt, y.trip.updatedAt)
        marks.deleted = [x.marks.deleted, y.marks.deleted].compactMap { $0 }.max()
        StopJoin.join(x, y, into: &trip, marks: &marks, conflicts: &conflicts)
        trip.conflicts = conflicts.result(merged: TripVersion(trip: trip, marks: marks))
        return TripVersion(trip: trip, marks: marks)
    }

    /// Whether the value stamped `a` beats the one stamped `b`: the later stamp, and of two equal stamps with
    /// different values (only unstamped values from schema-1 files can be) the one whose JSON sorts first.
    static func wins(_ a: EditStamp, _ aValue: @autoclosure () -> JSONValue, over b: EditStamp,
                     _ bValue: @autoclosure () -> JSONValue) -> Bool {
        if a != b { return a > b }
        return aValue().sortKey < bValue().sortKey
    }
}

/// A trip, alive or deleted (`marks.deleted`), with its marks.
struct TripVersion {
    var trip: Trip
    var marks: TripMarks

    /// Alive unless deleted after its every edit.
    var isAlive: Bool { marks.deleted.map { marks.latest > $0 } ?? true }

    /// This version as a merge with a document that lacks the trip leaves it: the conflicts the other saw are gone.
    func unseenConflictsKept(by other: EditLedger) -> TripVersion {
        var copy = self
        if copy.trip.conflicts.contains(where: { other.hasSeen(ConflictJoin.stamp(of: $0)) }) {
            copy.trip.conflicts.removeAll { other.hasSeen(ConflictJoin.stamp(of: $0)) }
        }
        return copy
    }
}

extension JSONValue {
    /// A total order for ties: the value's JSON form.
    var sortKey: String {
        switch self {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return "n" + text
        case let .string(text): return "s" + text
        case let .array(elements): return "[" + elements.map(\.sortKey).joined(separator: ",") + "]"
        case let .object(members):
            return "{" + members.sorted { $0.key < $1.key }.map { $0.key + ":" + $0.value.sortKey }.joined(separator: ",") + "}"
        }
    }
}
