import Foundation

/// The JSON DataModel: the only code that reads or writes the trips file.
///
/// FIRST CUT: loads, validates and saves atomically. Locking, backups, corrupt-file copies, external change
/// detection and orphan clean-up are being added (issue 2); the public API stays as it is.
public final class TripStore: TripRepository {
    public let url: URL
    public private(set) var trips: [Trip]
    public private(set) var access: StoreAccess
    public private(set) var notices: [String] = []

    private init(url: URL, trips: [Trip], access: StoreAccess) {
        self.url = url
        self.trips = trips
        self.access = access
    }

    /// Opens the store at `url`. A missing file is an empty store. Throws `StoreError` for a file that
    /// cannot be read or is not a valid trips document.
    public static func open(at url: URL) throws -> TripStore {
        let trips = try load(url)
        return TripStore(url: url, trips: trips, access: .readWrite)
    }

    public func update(_ change: (inout [Trip]) throws -> Void) throws {
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
        var copy = trips
        do {
            try change(&copy)
            copy = try copy.map { try $0.validated() }
        } catch let error as ValidationError {
            throw StoreError.invalid(error)
        }
        trips = copy
        try save()
    }

    public func save() throws {
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
        let data = try TripDocument.encode(TripDocument(trips: trips))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw StoreError.io(path: url.path, operation: "save", message: "\(error)")
        }
    }

    public func reload() throws {
        trips = try Self.load(url)
    }

    private static func load(_ url: URL) throws -> [Trip] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StoreError.io(path: url.path, operation: "read", message: "\(error)")
        }
        do {
            return try TripDocument.decode(data).trips.map { try $0.validated() }
        } catch {
            throw StoreError.corrupt(path: url.path, reason: "\(error)", copy: nil, backup: nil)
        }
    }
}
