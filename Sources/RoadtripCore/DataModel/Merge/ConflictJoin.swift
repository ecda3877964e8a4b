import Foundation

/// The conflicts of a trip merged from two versions x and y, as a multi-value register joins its values: an entry of
/// one side stays when the other side has it too (as an entry or as its value) or has not seen its stamp (else the
/// other side settled it); a value that loses to one made without seeing it becomes an entry.
struct ConflictJoin {
    private let seen: (x: EditLedger, y: EditLedger)
    private let inX: Set<EditConflict>, inY: Set<EditConflict>
    private var kept: Set<EditConflict> = []

    init(x: TripVersion, y: TripVersion, seen: (EditLedger, EditLedger)) {
        self.seen = (seen.0, seen.1)
        inX = Set(x.trip.conflicts)
        inY = Set(y.trip.conflicts)
        for entry in x.trip.conflicts where inY.contains(entry) || y.holds(entry) || !seen.1.hasSeen(Self.stamp(of: entry)) {
            kept.insert(entry)
        }
        for entry in y.trip.conflicts where inX.contains(entry) || x.holds(entry) || !seen.0.hasSeen(Self.stamp(of: entry)) {
            kept.insert(entry)
        }
    }

    /// A field's losing value, stamped `stamp`; `winnerIsY` says whose value won. It stays when the winner had not
    /// seen it, or holds it as an entry.
    mutating func lost(stop: UUID?, field: String, value: JSONValue, stamp: EditStamp, winnerIsY: Bool) {
        guard !stamp.isZero else { return }
        let entry = EditConflict(stop: stop, field: field, value: value, stamp: stamp.description)
        if !(winnerIsY ? seen.y : seen.x).hasSeen(stamp) || (winnerIsY ? inY : inX).contains(entry) {
            kept.insert(entry)
        }
    }

    /// The entries, newest first, at most `TripMerge.maxConflicts`: of the entries with one value for one field the
    /// latest (two machines that both cleared a date clashed once), none with the value the field has now.
    func result(merged: TripVersion) -> [EditConflict] {
        var latest: [EditConflict.Key: [JSONValue: EditConflict]] = [:]
        for entry in kept where !merged.hasValue(of: entry) {
            if let other = latest[entry.key]?[entry.value], Self.stamp(of: other) > Self.stamp(of: entry) { continue }
            latest[entry.key, default: [:]][entry.value] = entry
        }
        let ordered = latest.values.flatMap(\.values).sorted {
            let a = Self.stamp(of: $0), b = Self.stamp(of: $1)
            if a != b { return a > b }
            return ($0.field, $0.stop?.uuidString ?? "", $0.value.sortKey) < ($1.field, $1.stop?.uuidString ?? "", $1.value.sortKey)
        }
        return Array(ordered.prefix(TripMerge.maxConflicts))
    }

    /// An entry's stamp; one that cannot be read counts as zero, seen everywhere, and so is dropped.
    static func stamp(of entry: EditConflict) -> EditStamp { EditStamp(entry.stamp) ?? .zero }
}

extension TripVersion {
    /// Whether the field an entry is about has the entry's value and stamp here.
    func holds(_ entry: EditConflict) -> Bool {
        current(entry).map { $0 == (ConflictJoin.stamp(of: entry), entry.value) } ?? false
    }

    /// Whether the field an entry is about has the entry's value here.
    func hasValue(of entry: EditConflict) -> Bool { current(entry)?.1 == entry.value }

    /// The stamp and value of the field an entry is about; nil for a field or a stop this trip does not have.
    private func current(_ entry: EditConflict) -> (EditStamp, JSONValue)? {
        guard let id = entry.stop else {
            guard let field = MergeFields.trip(named: entry.field) else { return nil }
            return (marks.stamps[entry.field] ?? .zero, field.value(trip))
        }
        guard let field = MergeFields.stop(named: entry.field) else { return nil }
        if let stop = trip.waypoints.first(where: { $0.id == id }) {
            return (marks.stopStamps[id]?[entry.field] ?? .zero, field.value(stop))
        }
        guard let gone = marks.deletedStops.first(where: { $0.stop.id == id }) else { return nil }
        return (gone.stamps[entry.field] ?? .zero, field.value(gone.stop))
    }
}
