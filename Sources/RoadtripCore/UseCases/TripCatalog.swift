import Foundation

/// The trips as a collection: find one by what a person types, create, rename, delete. The trip list's
/// interactor and the command line both call these; each change goes through the repository (validated,
/// saved by whoever owns saving).
public struct TripCatalog {
    private let repository: TripRepository

    public init(repository: TripRepository) {
        self.repository = repository
    }

    /// A trip by what a person types, tried in turn until one way finds trips: its id, its name (case aside), a
    /// prefix of its name, a prefix of its id (4 characters or more, as `list` shows them), then every typed
    /// word starting a word of its name, in any order (`japan` finds "Golden Week Japan", as the app's filter
    /// does). More than one trip found one way is ambiguous, never a guess; trips of one name are told by id.
    public func find(_ query: String) throws -> Trip.ID {
        let trips = repository.trips
        if let id = UUID(uuidString: query), trips.contains(where: { $0.id == id }) { return id }
        let folded = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !folded.isEmpty else { throw TripLookupError.notFound(query) }
        let words = Self.words(folded)
        let ways: [(Trip) -> Bool] = [
            { $0.name.lowercased() == folded },
            { $0.name.lowercased().hasPrefix(folded) },
            { folded.count >= 4 && $0.id.uuidString.lowercased().hasPrefix(folded) },
            { trip in
                let names = Self.words(trip.name.lowercased())
                return !words.isEmpty && words.allSatisfy { word in names.contains { $0.hasPrefix(word) } }
            },
        ]
        for way in ways {
            let found = trips.filter(way)
            if found.count == 1 { return found[0].id }
            if found.count > 1 { throw TripLookupError.ambiguous(query, candidates: Self.labels(found)) }
        }
        throw TripLookupError.notFound(query)
    }

    /// The words of a name: runs of letters and digits, in any script.
    private static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }

    /// The trips' names, with the start of their id where two share a name.
    private static func labels(_ trips: [Trip]) -> [String] {
        let shared = sharedNames(trips.map(\.name))
        return trips.map { trip in
            shared.contains(trip.name.lowercased()) ? "\(trip.name) (id \(shortID(trip.id)))" : trip.name
        }
    }

    /// The start of a trip's id as lookups and lists show it ("7C0A1B2C"): what tells trips of one name apart,
    /// and typed back, finds the trip (`find`).
    public static func shortID(_ id: Trip.ID) -> String {
        String(id.uuidString.prefix(8))
    }

    /// The names (lowercased) that more than one of `names` has, case aside: by name alone, `find` cannot tell
    /// those trips apart.
    public static func sharedNames(_ names: [String]) -> Set<String> {
        var seen: Set<String> = [], shared: Set<String> = []
        for name in names where !seen.insert(name.lowercased()).inserted {
            shared.insert(name.lowercased())
        }
        return shared
    }

    public func trip(_ id: Trip.ID) -> Trip? {
        repository.trips.first { $0.id == id }
    }

    /// Creates a trip at the top of the list.
    @discardableResult
    public func add(named name: String) throws -> (id: Trip.ID, change: ChangeDescription) {
        let trip = Trip(name: name)
        let change = try repository.update({ $0.insert(trip, at: 0) },
                                           describe: { .createTrip(self.trip(trip.id)?.name ?? name) })
        return (trip.id, change)
    }

    /// Adds a whole trip (an imported one) at the top of the list; the repository validates it. When a trip has
    /// its name (case aside, as `find` compares), it is added as "Name (2)", else the first "(3)", "(4)"… free, so
    /// that each is found by its name; the change says so.
    @discardableResult
    public func add(_ trip: Trip) throws -> ChangeDescription {
        var taken: String?
        return try repository.update({ trips in
            var added = trip
            let name = try Limits.checkedName(trip.name, field: "Trip name")
            added.name = Self.freeName(name, among: Set(trips.map { $0.name.lowercased() }))
            if added.name != name { taken = name }
            trips.insert(added, at: 0)
        }, describe: { .importTrip(self.trip(trip.id)?.name ?? trip.name, taken: taken) })
    }

    /// `name`, or "name (N)" with the first N from 2 (after N of a "name (N)" given) not among `taken` (lower
    /// case), the name shortened to keep within `Limits.nameLength`.
    static func freeName(_ name: String, among taken: Set<String>) -> String {
        guard taken.contains(name.lowercased()) else { return name }
        var base = Substring(name), number = 2
        if name.hasSuffix(")"), let open = name.lastIndex(of: "("), open > name.startIndex,
           name[name.index(before: open)] == " ", let given = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]),
           given >= 2, given < Int.max {
            (base, number) = (name[..<name.index(before: open)], given + 1)
        }
        while true {
            let suffix = " (\(number))"
            let candidate = base.prefix(Limits.nameLength - suffix.count).trimmingCharacters(in: .whitespaces) + suffix
            if !taken.contains(candidate.lowercased()) { return candidate }
            number += 1
        }
    }

    @discardableResult
    public func rename(_ id: Trip.ID, to name: String) throws -> ChangeDescription {
        try TripEditor(tripID: id, repository: repository).rename(to: name)
    }

    /// Deletes exactly the trip with this id (refused, deleting nothing, if several had it).
    @discardableResult
    public func delete(_ id: Trip.ID) throws -> ChangeDescription {
        var name = ""
        return try repository.update({ trips in
            guard let trip = trips.first(where: { $0.id == id }) else { throw TripEditError.tripNotFound }
            name = trip.name
            try trips.removeTrip(withID: id)
        }, describe: { .deleteTrip(name) })
    }

    /// Copies a trip, stops and all, under new ids, to the top of the list; named "NAME (copy)" unless
    /// `name` is given. Returns the copy's id.
    @discardableResult
    public func duplicate(_ id: Trip.ID, named name: String? = nil) throws -> (id: Trip.ID, change: ChangeDescription) {
        var copyID = UUID()
        var originalName = ""
        let change = try repository.update({ trips in
            guard let original = trips.first(where: { $0.id == id }) else { throw TripEditError.tripNotFound }
            originalName = original.name
            let copy = original.copy(named: name ?? "\(original.name) (copy)")
            copyID = copy.id
            trips.insert(copy, at: 0)
        }, describe: { .duplicateTrip(originalName, as: self.trip(copyID)?.name ?? "") })
        return (copyID, change)
    }
}

/// Why a trip named on the command line (or typed) could not be found.
public enum TripLookupError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case let .notFound(query):
            return "no trip matches \"\(TerminalSafe.line(query))\" (see `roadtrip list`)"
        case let .ambiguous(query, candidates):
            let names = candidates.map { "\"\(TerminalSafe.line($0))\"" }.joined(separator: ", ")
            return "\"\(TerminalSafe.line(query))\" matches several trips: \(names); type more of the name or use its id"
        }
    }
}
