import Foundation

extension MergeDocument {
    /// Another version of the trips file, to merge (`roadtrip merge`, a conflict copy, git's merge driver): any
    /// schema this build reads, validated as the store validates. Throws `TripFileError` saying what is wrong; a
    /// file from a newer roadtrip is refused, never merged, and git's conflict markers are named as such.
    public static func read(contentsOf url: URL) throws -> MergeDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TripFileError(line: nil, column: nil, reason: "cannot be read (\((error as NSError).localizedDescription))")
        }
        do {
            switch try TripFileReader.read(data) {
            case let .current(trips, ledger):
                return MergeDocument(trips: trips, ledger: ledger)
            case let .newer(version, _):
                throw TripFileError(line: nil, column: nil, reason: "schema version \(version) is newer than this "
                                    + "roadtrip understands (\(TripDocument.currentSchemaVersion)): update roadtrip to merge it")
            }
        } catch let error as TripFileError where data.starts(with: Array("<<<<<<< ".utf8))
                    || data.range(of: Data("\n<<<<<<< ".utf8)) != nil {
            throw TripFileError(line: error.line, column: error.column, reason: error.reason
                                + " (it holds git's conflict markers: set up roadtrip's merge driver with `roadtrip git-setup`, "
                                + "then merge again)")
        }
    }
}

/// What a merge changed, in a line: "2 trips added, 1 changed, 1 clash kept as a conflict".
public struct MergeSummary: Equatable, Sendable, CustomStringConvertible {
    public private(set) var added = 0, removed = 0, changed = 0, conflicts = 0

    public init(from before: [Trip], to after: [Trip]) {
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<UUID>()
        for trip in after {
            seen.insert(trip.id)
            guard let was = old[trip.id] else {
                added += 1
                conflicts += trip.conflicts.count
                continue
            }
            if was != trip { changed += 1 }
            conflicts += Set(trip.conflicts).subtracting(was.conflicts).count
        }
        removed = old.keys.filter { !seen.contains($0) }.count
    }

    public var isEmpty: Bool { added == 0 && removed == 0 && changed == 0 }

    public var description: String {
        guard !isEmpty else { return "nothing new" }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var parts: [String] = []
        if added > 0 { parts.append(count(added, "trip") + " added") }
        if changed > 0 { parts.append((parts.isEmpty ? count(changed, "trip") : String(changed)) + " changed") }
        if removed > 0 { parts.append((parts.isEmpty ? count(removed, "trip") : String(removed)) + " deleted") }
        if conflicts > 0 { parts.append(count(conflicts, "clash") + " kept as " + (conflicts == 1 ? "a conflict" : "conflicts")) }
        return parts.joined(separator: ", ")
    }
}
