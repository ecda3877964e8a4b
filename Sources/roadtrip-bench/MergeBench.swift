import Foundation
import RoadtripCore

/// Issue 36's merge at scale: a base of 10,000 trips (`MergeBenchTrips`, 2–20 stops) saved and read back, then two
/// machines (`MergeBenchSide`) each editing a different random 1 % of its stops (nights, notes, names, positions, a
/// few moves and deletes), 20 stops of them edited on both in the same field (clashes, kept as conflicts).
/// - `merge.10000`: `TripMerge.merge(a, b)` of the two, median and p99. Goal < 1 s.
/// - `merge.10000.cli`: what `roadtrip merge-file` does: both files read, merged, the result encoded; beside it
///   `ref.merge.10000.read_encode`, the same reads and an encode with no merge.
/// - `merge.file.*`: the file's size as schema 1 (the base, no marks) and after the merge (schema 2, marks), and the
///   growth; also with 10 % of stops edited on each side, and with 100 trips deleted on one side. Issue: ≤ 15 %.
func runMergeBenchmarks() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-mergebench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = MergeBenchTrips(seed: 36)
        // The base as roadtrip writes and reads it.
        let base = try TripDocument.decode(try TripDocument.encode(TripDocument(trips: generator.trips(10_000))))
        let baseDocument = MergeDocument(trips: base.trips, ledger: base.ledger)
        let schema1 = try MergeBench.size(baseDocument.trips, marks: nil)
        print("merge.file.schema1 \(schema1) bytes (10,000 trips, \(base.trips.reduce(0) { $0 + $1.waypoints.count }) stops, no marks)")

        let (a, b) = try MergeBench.sides(of: baseDocument, fraction: 0.01, clashes: 20)
        let fileA = directory.appendingPathComponent("a.json"), fileB = directory.appendingPathComponent("b.json")
        try TripDocument.encode(TripDocument(trips: a.trips, ledger: a.ledger)).write(to: fileA)
        try TripDocument.encode(TripDocument(trips: b.trips, ledger: b.ledger)).write(to: fileB)
        let (readA, readB) = (try MergeDocument.read(contentsOf: fileA), try MergeDocument.read(contentsOf: fileB))

        var merged = TripMerge.merge(readA, readB)
        try MergeBench.check(merged, a: a, b: b, trips: 10_000, clashes: 20)
        let runs = 15
        let merge = try MergeBench.samples(runs) { merged = TripMerge.merge(readA, readB) }
        print(String(format: "merge.10000 %.0f ms (p99 %.0f; %d runs)", UIBench.percentile(merge, 0.5),
                     UIBench.percentile(merge, 0.99), runs))
        var cli: [Double] = [], reference: [Double] = []
        for _ in 0..<runs {   // alternated, so that both see the same load
            cli.append(try MergeBench.milliseconds {
                let mine = try MergeDocument.read(contentsOf: fileA), theirs = try MergeDocument.read(contentsOf: fileB)
                let result = TripMerge.merge(mine, theirs)
                _ = try TripDocument.encode(TripDocument(trips: result.trips, ledger: result.ledger))
            })
            reference.append(try MergeBench.milliseconds {
                let mine = try MergeDocument.read(contentsOf: fileA)
                _ = try MergeDocument.read(contentsOf: fileB)
                _ = try TripDocument.encode(TripDocument(trips: mine.trips, ledger: mine.ledger))
            })
        }
        print(String(format: "merge.10000.cli %.0f ms (p99 %.0f): both files read, merged, encoded", UIBench.percentile(cli.sorted(), 0.5),
                     UIBench.percentile(cli.sorted(), 0.99)))
        print(String(format: "ref.merge.10000.read_encode %.0f ms (p99 %.0f): the same reads and encode, no merge",
                     UIBench.percentile(reference.sorted(), 0.5), UIBench.percentile(reference.sorted(), 0.99)))
        try MergeBench.growth("1pct", merged, schema1: schema1)

        let (a10, b10) = try MergeBench.sides(of: baseDocument, fraction: 0.10, clashes: 20)
        let merged10 = TripMerge.merge(a10.document, b10.document)
        try MergeBench.check(merged10, a: a10, b: b10, trips: 10_000, clashes: 20)
        try MergeBench.growth("10pct", merged10, schema1: schema1)

        var deleting = MergeBenchSide(base: baseDocument, device: 0x5eed_0003, start: MergeBench.start, seed: 3)
        var pick = SplitMix64(seed: 100)
        for trip in baseDocument.trips.shuffled(using: &pick).prefix(100) { try deleting.delete(trip: trip.id) }
        let mergedDeleted = TripMerge.merge(deleting.document, baseDocument)
        try UIBench.expect(mergedDeleted.trips.count == 9_900 && mergedDeleted.ledger.deletedTrips.count == 100,
                           "100 trips deleted, kept as deleted")
        try MergeBench.growth("deleted100", mergedDeleted, schema1: schema1)
    } catch {
        FileHandle.standardError.write(Data("merge benchmarks failed: \(error)\n".utf8))
        exit(1)
    }
}

enum MergeBench {
    /// 1 June 2027, 10:00 UTC: both machines start editing then.
    static let start: Int64 = 1_811_844_000_000

    /// Two machines' edits of `base`: each a different random `fraction` of its stops, and `clashes` stops more
    /// edited on both (their notes or their position).
    static func sides(of base: MergeDocument, fraction: Double, clashes: Int) throws -> (MergeBenchSide, MergeBenchSide) {
        var random = SplitMix64(seed: UInt64(fraction * 1000))
        var stops = base.trips.flatMap { trip in trip.waypoints.map { (trip: trip.id, stop: $0.id) } }
        stops.shuffle(using: &random)
        let count = Int(Double(stops.count) * fraction)
        var a = MergeBenchSide(base: base, device: 0x3f9a_2b1c, start: start, seed: 1)
        var b = MergeBenchSide(base: base, device: 0x8d41_07e2, start: start + 2_500, seed: 2)
        for (index, edited) in stops[..<count].enumerated() {
            try a.edit(trip: edited.trip, stop: edited.stop, a.someKind(), value: index)
        }
        for (index, edited) in stops[count..<(2 * count)].enumerated() {
            try b.edit(trip: edited.trip, stop: edited.stop, b.someKind(), value: index)
        }
        for (index, edited) in stops[(2 * count)..<(2 * count + clashes)].enumerated() {
            let kind: MergeBenchSide.Kind = index % 2 == 0 ? .notes : .position
            try a.edit(trip: edited.trip, stop: edited.stop, kind, value: 2 * index)
            try b.edit(trip: edited.trip, stop: edited.stop, kind, value: 2 * index + 1)
        }
        return (a, b)
    }

    /// What the merge must hold: every trip, both sides' deletes, one conflict per clash.
    static func check(_ merged: MergeDocument, a: MergeBenchSide, b: MergeBenchSide, trips: Int, clashes: Int) throws {
        try UIBench.expect(merged.trips.count == trips, "\(trips) trips merged (\(merged.trips.count))")
        let deleted = merged.ledger.trips.values.reduce(0) { $0 + $1.deletedStops.count }
        try UIBench.expect(deleted == (a.made["delete"] ?? 0) + (b.made["delete"] ?? 0),
                           "both sides' deleted stops kept as deleted (\(deleted), \(a.made), \(b.made))")
        let conflicts = merged.trips.reduce(0) { $0 + $1.conflicts.count }
        try UIBench.expect(conflicts == clashes, "one conflict per clash (\(conflicts) for \(clashes))")
        try UIBench.expect(TripMerge.merge(b.document, a.document) == merged, "the merge is the same both ways")
    }

    /// The file's size, and as a share of the base's as schema 1.
    static func growth(_ name: String, _ merged: MergeDocument, schema1: Int) throws {
        let size = try self.size(merged.trips, marks: merged.ledger)
        let bare = try self.size(merged.trips, marks: nil)
        print(String(format: "merge.file.\(name) %d bytes (%.3f × schema 1, %+.1f %%; the same trips without marks %d bytes, "
                     + "the marks %.1f %%)", size, Double(size) / Double(schema1), (Double(size) / Double(schema1) - 1) * 100,
                     bare, (Double(size) / Double(bare) - 1) * 100))
    }

    /// The trips file's bytes: schema 2 with the marks, schema 1 (as roadtrip 1 wrote it) without.
    static func size(_ trips: [Trip], marks: EditLedger?) throws -> Int {
        var document = TripDocument(trips: trips, ledger: marks ?? EditLedger())
        if marks == nil { document.schemaVersion = 1 }
        return try TripDocument.encode(document).count
    }

    /// Each run's milliseconds, sorted; a warm-up run first, not counted.
    static func samples(_ runs: Int, _ body: () throws -> Void) throws -> [Double] {
        try body()
        return try (0..<runs).map { _ in try milliseconds(body) }.sorted()
    }

    static func milliseconds(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
