import Foundation

/// Why the bytes of a trips file are not a trips document, in words a user can act on:
/// "line 41, column 20: trip 2, stop 3, latitude: Latitude 200 is outside -90…90".
public struct TripFileError: Error, Equatable, CustomStringConvertible {
    public let line: Int?
    public let column: Int?
    /// Where in the document ("trip 2, stop 3, latitude") and what is wrong.
    public let reason: String

    public var description: String {
        guard let line, let column else { return reason }
        return "line \(line), column \(column): \(reason)"
    }
}

/// What a trips file holds, by schema version.
enum TripFileContents: Equatable {
    /// A file of the version this build writes, or of an older one read into it (schema 1: no marks), every trip
    /// valid, with the marks a merge needs.
    case current([Trip], EditLedger)
    /// A file written by a newer roadtrip. `trips` is what could be read with today's rules, if anything.
    case newer(version: Int, trips: [Trip]?)
}

/// Reads trips files: the JSON syntax, the document's shape, and every entity rule (`Trip.validated()`).
///
/// Accepts what `JSONDecoder` accepts for `TripDocument` (keys in any order, `null` for optional fields) and,
/// where it fails, says which trip, stop and field. A trip's or stop's members that this build does not know
/// are kept (`UnknownFields`), so a newer build's field survives; unknown members of the document are not.
enum TripFileReader {
    /// `inTwoHalves`: a long trip list's second half is read on another thread meanwhile (`LaterTrips`). Not
    /// for a read that is itself in the background, where a third thread would take a core from the app's.
    static func read(_ data: Data, inTwoHalves: Bool = true) throws -> TripFileContents {
        try data.withUnsafeBytes { raw in
            let json = JSONScanner(raw.bindMemory(to: UInt8.self))
            do {
                return try DocumentReading(json, inTwoHalves: inTwoHalves).document()
            } catch let failure as JSONScanner.Failure {
                let (line, column) = json.lineAndColumn(of: failure.offset)
                let place = failure.path.joined(separator: ", ")
                let reason = place.isEmpty ? failure.message : place + ": " + failure.message
                throw TripFileError(line: line, column: column, reason: reason)
            }
        }
    }

    /// `read`'s outcome as a value.
    static func result(_ data: Data, inTwoHalves: Bool = true) -> Result<TripFileContents, TripFileError> {
        do {
            return .success(try read(data, inTwoHalves: inTwoHalves))
        } catch let error as TripFileError {
            return .failure(error)
        } catch {
            return .failure(TripFileError(line: nil, column: nil, reason: "\(error)"))
        }
    }

    /// The first trips of a file as roadtrip writes it (`schemaVersion`, this build's, before `trips`): up to
    /// `maxTrips`, ending with the trip that ends past byte `maxBytes`. For drawing a large file's list before
    /// the rest is read; `read` still checks the whole file. Nil when the head would be every trip, for any
    /// other start, or for a problem in the head (`read` says what it is).
    static func head(_ data: Data, maxTrips: Int, maxBytes: Int) -> [Trip]? {
        data.withUnsafeBytes { raw in
            try? DocumentReading(JSONScanner(raw.bindMemory(to: UInt8.self))).head(maxTrips: maxTrips, maxBytes: maxBytes)
        }
    }
}

/// One pass over one document. Failures carry their byte offset; their path is filled in on the way up.
struct DocumentReading {
    let json: JSONScanner
    /// Whether a long trip list's second half is read on another thread (`LaterTrips`).
    let inTwoHalves: Bool

    init(_ json: JSONScanner, inTwoHalves: Bool = false) {
        self.json = json
        self.inTwoHalves = inTwoHalves
    }

    func document() throws -> TripFileContents {
        json.skipWhitespace()
        let start = json.offset
        var version: Int?
        var trips: [(Trip, TripMarks)]?
        var tripsFailure: JSONScanner.Failure?
        var ledger = EditLedger()
        try json.object(matching: { key in
            switch key {
            case "schemaVersion":
                version = try field(key) { try json.int() }
            case "seen":
                ledger.seen = try field(key) { try seen() }
            case "deletedTrips":
                try field(key) {
                    try json.array { index in
                        let (trip, marks) = try within("deleted trip \(index + 1)") { try self.trip() }
                        ledger.deletedTrips.append(DeletedTrip(trip: trip, marks: marks))
                    }
                }
            case "trips":
                // How to read the trips depends on the version, which may come later in a hand-edited
                // file: read them as today's version, and if that fails, note why and skip them.
                let mark = json.offset
                do {
                    trips = try tripList()
                    tripsFailure = nil
                } catch let failure as JSONScanner.Failure {
                    (trips, tripsFailure) = (nil, failure)
                    json.offset = mark
                    // A syntax error while skipping is the same problem, without the trip's context.
                    do { try json.skipValue() } catch { throw failure }
                }
            default:
                try json.skipValue()
            }
        })
        try json.end()
        guard let version else {
            throw JSONScanner.Failure(offset: start, message: "\"schemaVersion\" is missing")
        }
        if version > TripDocument.currentSchemaVersion { return .newer(version: version, trips: trips?.map(\.0)) }
        // Schema 1 is schema 2 without marks: its fields all unstamped, its stops in canonical order.
        guard (1...TripDocument.currentSchemaVersion).contains(version) else {
            throw JSONScanner.Failure(offset: start, message: "schema version \(version) was never written by roadtrip")
        }
        if let tripsFailure { throw tripsFailure }
        guard let trips else { throw JSONScanner.Failure(offset: start, message: "\"trips\" is missing") }
        for (trip, marks) in trips where !marks.isEmpty { ledger.trips[trip.id] = marks }
        if !ledger.deletedTrips.isEmpty {
            // A trip both listed and deleted (a hand edit) is alive: what the user sees is never dropped.
            let alive = Set(trips.lazy.map(\.0.id))
            ledger.deletedTrips.removeAll { alive.contains($0.trip.id) }
        }
        return .current(trips.map(\.0), ledger)
    }

    func head(maxTrips: Int, maxBytes: Int) throws -> [Trip]? {
        /// Thrown to stop reading once the head is complete.
        struct Enough: Error {}
        var trips: [Trip]?
        var keys = 0
        do {
            json.skipWhitespace()
            try json.object(matching: { key in
                keys += 1
                switch (keys, key) {
                case (1, "deletedTrips"):
                    keys -= 1
                    try json.skipValue()
                case (1, "schemaVersion"):
                    guard (1...TripDocument.currentSchemaVersion).contains(try json.int()) else { throw Enough() }
                case (2, "seen"):
                    keys -= 1
                    try json.skipValue()
                case (2, "trips"):
                    var read: [Trip] = []
                    try json.array { _ in
                        read.append(try trip().0)
                        if read.count >= maxTrips || json.offset > maxBytes {
                            trips = read
                            throw Enough()
                        }
                    }
                    throw Enough()  // every trip fitted in the head: no head, the file is small enough
                default:
                    throw Enough()
                }
            })
        } catch is Enough {}
        return trips
    }

    /// The trips; two with one id are refused (`DuplicateID`), at the second. A long list's second half is read on
    /// another thread meanwhile (`LaterTrips`).
    private func tripList() throws -> [(Trip, TripMarks)] {
        var trips: [(Trip, TripMarks)] = []
        var indexByID: [UUID: Int] = [:]
        func add(_ trip: (Trip, TripMarks), startingAt start: Int) throws {
            let index = trips.count
            if let first = indexByID.updateValue(index, forKey: trip.0.id) {
                let duplicate = DuplicateID(id: trip.0.id, trip: nil, first: trips[first].0.name, second: trip.0.name)
                throw JSONScanner.Failure(offset: start, message: duplicate.description, path: ["trip \(index + 1)"])
            }
            trips.append(trip)
        }
        var later: LaterTrips?
        // The other thread reads these bytes too: it must be done before they may go.
        defer { _ = later?.wait() }
        var pending: LaterTrips?
        try json.array { index in
            if index == 0, inTwoHalves {
                later = LaterTrips.start(after: json)
                pending = later
            }
            if let guess = pending, json.offset >= guess.start {
                pending = nil
                if json.offset == guess.start, let rest = guess.wait() {
                    for (trip, start) in zip(rest.trips, rest.starts) { try add(trip, startingAt: start) }
                    json.offset = rest.end
                    return
                }
            }
            let start = json.offset
            try add(try within("trip \(index + 1)") { try trip() }, startingAt: start)
        }
        return trips
    }

    /// Applies an entity rule; a broken rule is reported at `start`, the value that breaks it.
    func checked<T>(at start: Int, _ validate: () throws -> T) throws -> T {
        do {
            return try validate()
        } catch let error as ValidationError {
            throw JSONScanner.Failure(offset: start, message: error.description)
        }
    }

    /// Runs `read` for the value of `key`; a failure of the value itself (not of something inside it,
    /// which names itself: "stop 2") gets the key as its place.
    func field<T>(_ key: JSONScanner.Text, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch var failure as JSONScanner.Failure where failure.path.isEmpty {
            failure.path = [key.string]
            throw failure
        }
    }

    /// Runs `read`; a failure inside it gets `component` prepended to its path.
    func within<T>(_ component: @autoclosure () -> String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch var failure as JSONScanner.Failure {
            failure.path.insert(component(), at: 0)
            throw failure
        }
    }

    func required<T>(_ value: T?, _ key: String, at offset: Int) throws -> T {
        guard let value else { throw JSONScanner.Failure(offset: offset, message: "\"\(key)\" is missing") }
        return value
    }
}
