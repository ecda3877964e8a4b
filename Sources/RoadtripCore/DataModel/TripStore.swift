import Foundation

/// The JSON DataModel: the only code that reads or writes the trips file.
///
/// What it promises (issue 2, "Persistence guarantees"):
/// - a save replaces the file atomically and durably (`AtomicFile`), keeping its mode, owner and
///   symbolic link, after keeping the previous version as `trips.json.bak` (`Backups`);
/// - a failed save leaves the file as it was and the change in memory, to retry with `save()`;
/// - one writer at a time (`FileLock`); others open read-only and say who is editing;
/// - with `createOnFirstChange`, opening creates nothing: a command that only reads leaves no trace;
/// - a file changed by another program since it was read is never overwritten (`changedOnDisk`): checked
///   before the new version is written and again just before it replaces the file;
/// - a file that cannot be read is never overwritten: its bytes are copied aside
///   (`CorruptFileQuarantine`) and opening fails with `StoreError.corrupt`;
/// - a file from a newer roadtrip opens read-only and is never written;
/// - temporary files of interrupted saves are removed at the next open (`TemporaryFileCleanup`).
public final class TripStore: TripRepository, TripFileState {
    public struct Options {
        /// The system calls the store makes; tests substitute one that fails on demand.
        public var fileSystem: FileSystem = PosixFileSystem()
        /// How many replaced versions to keep: `trips.json.bak`, `trips.json.bak.1`, ...
        public var backupGenerations = 3
        /// A file larger than this many bytes is read in two steps: its first trips at once, all of it on
        /// another thread (`isLoading` until `finishLoading`), so the app draws a large file's list sooner.
        /// Nil: always all at once.
        public var readInBackgroundAbove: Int?
        /// Whether that read waits for `readRestOfFile()` (or `finishLoading`) instead of starting at open: the
        /// app starts it once its first frame is drawn, so the frame has both cores.
        public var readRestWhenAsked = false
        /// Whether a missing folder and lock file are created by the first change rather than at open, for the
        /// command line, whose reading commands must leave nothing behind. Until then no one holds the lock
        /// (there was no lock file to hold), and the first change takes it.
        public var createOnFirstChange = false
        /// Who edits, for the edit stamps (`EditStamp`), asked at the first change: the app and the command line
        /// give this installation's (`DeviceIdentity.load`); nil, a new one for each store (tests).
        public var device: (@Sendable () -> DeviceID)?

        public init() {}
    }

    /// The data file as given (it may be a symbolic link).
    public let url: URL
    public private(set) var trips: [Trip] = []
    /// What a merge needs beside the trips, kept up to date from each change (`EditLedger.record`).
    public private(set) var ledger = EditLedger()
    public private(set) var notices: [StoreNotice] = []
    public private(set) var hasUnsavedChanges = false
    public var access: StoreAccess {
        if let reason = lockProblem ?? fileProblem { return .readOnly(reason: reason) }
        return .readWrite
    }
    /// Whether `trips` holds only the first trips of a large file while the rest is read (see `Options`).
    public var isLoading: Bool { backgroundRead != nil }
    /// The schema version of a file written by a newer roadtrip (opened read-only); nil for any other.
    public private(set) var newerSchemaVersion: Int?
    public var fileURL: URL { url }
    /// The file itself, where the data path is a symbolic link: sync tools leave their copies beside it.
    public var resolvedPath: String { paths.target }
    public var file: TripFileState? { self }

    private let options: Options
    private var fileSystem: FileSystem { options.fileSystem }
    private let paths: StorePaths
    /// The lock, once taken. Nil without a `lockProblem`: there was no lock file to lock at open
    /// (`createOnFirstChange`); the first change creates it.
    private var lock: FileLock?
    /// Why this instance may not write, if it may not: the lock is someone else's or cannot be taken...
    private var lockProblem: String?
    /// ... or the file is from a newer roadtrip, or could not be read to its end.
    private var fileProblem: String?
    /// The whole file being read on another thread, while `trips` holds its first trips.
    private var backgroundRead: BackgroundRead?
    /// Why the rest of the file could not be read, said again to every change tried after it.
    private var loadFailure: Error?
    /// The version of the file that `trips` came from (or was saved as); nil when there was no file, and until a
    /// large file is read to its end.
    private var loaded: FileFingerprint?
    /// Its bytes, digested.
    private var loadedDigest: ContentDigest?
    /// How many changes were applied: a save of the trips as of an earlier count leaves the store unsaved.
    private var changes = 0
    /// The trips made here that the save under way writes (`EditLedger.fresh`): no longer fresh once it lands.
    private var freshInFlight: Set<UUID> = []
    /// Stamps this store's changes; made at the first.
    private var clock: EditClock?

    private init(url: URL, paths: StorePaths, options: Options) {
        self.url = url
        self.paths = paths
        self.options = options
    }

    /// The clock that stamps changes, made on first use: reading the device's id may create its file.
    private func stamping<T>(_ use: (inout EditClock) -> T) -> T {
        var clock = self.clock ?? EditClock(device: options.device?() ?? .random())
        clock.see(ledger.latest)
        defer { self.clock = clock }
        return use(&clock)
    }

    /// Opens the store at `url`. A missing file is an empty store, created on the first save (folder
    /// 0700, file 0600). Throws `StoreError.corrupt` for a file that is not a valid trips document
    /// (after copying it aside) and `StoreError.io` when it cannot be read.
    public static func open(at url: URL) throws -> TripStore {
        try open(at: url, options: Options())
    }

    public static func open(at url: URL, options: Options) throws -> TripStore {
        let paths: StorePaths
        do {
            paths = try StorePaths.resolve(url.path, fileSystem: options.fileSystem)
        } catch let error as SystemCallError {
            throw StoreError.io(path: url.path, operation: "open", message: error.description)
        }
        let store = TripStore(url: url, paths: paths, options: options)
        store.takeLockIfFree(creating: !options.createOnFirstChange)
        try store.load(headFirst: true)
        return store
    }

    public func apply(_ change: (inout [Trip]) throws -> Void) throws {
        try finishLoading()
        try checkWritable()
        var after = try trips.applying(change)
        stamping { ledger.record(from: trips, to: &after, clock: &$0) }
        trips = after
        hasUnsavedChanges = true
        changes &+= 1
    }

    /// Joins another version of the trips (a sync folder's conflict copy, another machine's file) into these
    /// (`TripMerge`), unsaved until `save`. Returns whether anything changed.
    @discardableResult
    public func merge(_ other: MergeDocument) throws -> Bool {
        try finishLoading()
        try checkWritable()
        let mine = MergeDocument(trips: trips, ledger: ledger)
        var merged = TripMerge.merge(mine, other)
        // What was made here and never written is still only here.
        if !ledger.fresh.isEmpty { merged.ledger.fresh = ledger.fresh.intersection(merged.trips.lazy.map(\.id)) }
        guard merged != mine else { return false }
        trips = merged.trips
        ledger = merged.ledger
        hasUnsavedChanges = true
        changes &+= 1
        return true
    }

    public func save() throws {
        try endSave(try beginSave().run())
    }

    /// A save to run on another thread (`SaveJob`), with the trips as they are now. Throws what `save` throws
    /// before writing: the rest of the file unreadable, the store read-only.
    public func beginSave() throws -> SaveJob {
        try finishLoading()
        try checkWritable()
        freshInFlight = ledger.fresh
        return SaveJob(trips: trips, ledger: ledger.pruned(now: Date()), generation: changes, url: url, paths: paths, fileSystem: fileSystem,
                       backupGenerations: options.backupGenerations, loaded: loaded, loadedDigest: loadedDigest)
    }

    /// Takes back what a job from `beginSave` did: the file's new version, and whether a change made since still
    /// waits to be saved. Throws what the job threw (the file as it was, the change still in memory).
    public func endSave(_ outcome: SaveJob.Outcome) throws {
        let written = try outcome.result.get()
        if !freshInFlight.isEmpty { ledger.fresh.subtract(freshInFlight) }
        loaded = written.fingerprint
        loadedDigest = written.digest
        if outcome.generation == changes { hasUnsavedChanges = false }
        if let error = written.directorySyncError {
            throw StoreError.notDurable(path: url.path, message: error.description)
        }
    }

    /// Merges the file as another program left it (a sync tool that put another machine's version in its place)
    /// into the trips, so that nothing of either is lost and the next save may replace it. False when the file is
    /// the version the trips came from. Throws when it cannot be read, or is from a newer roadtrip: it is then
    /// left alone, and saving still refuses to replace it (`changedOnDisk`).
    @discardableResult
    public func mergeChangesOnDisk() throws -> Bool {
        try finishLoading()
        try checkWritable()
        // A stat first: after each of our own saves the file is the version we wrote.
        if let info = try? fileSystem.stat(paths.target), FileFingerprint(info) == loaded { return false }
        guard let version = try reading({ try fileSystem.readVersion(of: paths.target) }),
              version.fingerprint != loaded else { return false }
        let digest = ContentDigest(version.data)
        if digest == loadedDigest {
            loaded = version.fingerprint
            return false
        }
        guard case let .current(theirs, marks) = try TripFileReader.result(version.data).get() else {
            throw StoreError.changedOnDisk(path: url.path)
        }
        try merge(MergeDocument(trips: theirs, ledger: marks))
        loaded = version.fingerprint
        loadedDigest = digest
        // What the file holds now is only theirs: ours is saved over it.
        hasUnsavedChanges = true
        return true
    }

    /// The file's size when it was read or last saved (nil before there was one): what a save has to write.
    public var savedSize: Int? { loaded.map { Int($0.size) } }

    /// Reads the file again, dropping what is in memory. Also takes the lock if its holder has quit.
    /// All of it at once, whatever its size: the user asked for it and waits for it.
    public func reload() throws {
        if lock == nil { takeLockIfFree(creating: !options.createOnFirstChange) }
        try load(headFirst: false)
    }

    /// Takes the whole file once its background read is over, waiting for it if needed; nothing to do when the
    /// file was read at once. Throws `StoreError.corrupt` when the rest of the file cannot be read, then and at
    /// every later call: the store stays read-only with the first trips.
    public func finishLoading() throws {
        if let loadFailure { throw loadFailure }
        guard let read = backgroundRead else { return }
        backgroundRead = nil
        do {
            let whole = try reading { try read.wait().get() }
            (trips, ledger, newerSchemaVersion) = try contents(whole.result, of: whole.data, notices: &notices)
            loaded = whole.fingerprint
            loadedDigest = whole.digest
            fileProblem = newerSchemaVersion.map(newerFileProblem)
        } catch {
            fileProblem = "\(url.path) could not be read to its end"
            loadFailure = error
            throw error
        }
    }

    /// Calls `done` on another thread once `finishLoading` will not wait; at once when it would not.
    /// Starts reading the rest of a large file opened with `readRestWhenAsked` (nothing otherwise, or twice).
    public func readRestOfFile() {
        backgroundRead?.start()
    }

    public func whenLoaded(_ done: @escaping @Sendable () -> Void) {
        guard let backgroundRead else { return done() }
        backgroundRead.whenDone(done)
    }

    // MARK: Opening

    /// Takes the lock unless another roadtrip holds it. `creating` creates the lock file and its folder when
    /// missing; without it, a missing lock file leaves the lock to the first change (no one holds it then).
    private func takeLockIfFree(creating: Bool) {
        let directoryProblem = creating ? createDirectory(paths.directory) : nil
        switch FileLock.acquire(paths.lock, creating: creating, fileSystem: fileSystem) {
        case let .acquired(lock):
            self.lock = lock
            lockProblem = nil
        case let .held(pid):
            let who = pid.map { "another roadtrip (pid \($0))" } ?? "another roadtrip"
            lockProblem = "\(who) is editing \(url.path)"
        case let .unavailable(error) where !creating && error.code == ENOENT:
            lockProblem = nil
        case let .unavailable(error):
            lockProblem = directoryProblem ?? "cannot lock \(paths.lock) (\(error.message))"
        }
    }

    /// Throws unless this store may write; takes the lock first when opening left it to the first change
    /// (`createOnFirstChange`).
    private func checkWritable() throws {
        if access == .readWrite && lock == nil { takeLockIfFree(creating: true) }
        if case let .readOnly(reason) = access { throw StoreError.readOnly(reason: reason) }
    }

    /// A large file's first trips, read before the rest: more rows than a screen shows, but a small part of
    /// the file (a few thousand stops at most; parsing them is most of the first frame's wait).
    public static let headTrips = 150
    static let headBytes = 1 << 20

    /// Reads the file into `trips`, or only its head when `headFirst` and the file is large (see `Options`).
    /// Sets `notices` and the file problem afresh.
    private func load(headFirst: Bool) throws {
        var notices: [StoreNotice] = []
        if let lockProblem { notices.append(.openedReadOnly(reason: lockProblem)) }
        if lock != nil, TemporaryFileCleanup.removeOrphans(paths, fileSystem: fileSystem) > 0 {
            notices.append(.interruptedSave(path: url.path))
        }
        let file = try reading { try FileVersionRead(paths.target, fileSystem: fileSystem) }
        backgroundRead = nil
        loadFailure = nil
        var newerSchema: Int?
        var trips: [Trip] = []
        var ledger = EditLedger()
        var version: (data: Data, fingerprint: FileFingerprint, info: stat)?
        var digest: ContentDigest?
        if let file {
            // A large file: its first bytes, enough for the head, are read and parsed before the rest.
            if headFirst, let limit = options.readInBackgroundAbove, file.size > limit {
                try reading { try file.read(upTo: Self.headBytes + Self.headBytes / 2) }
                if let head = TripFileReader.head(file.bytesRead, maxTrips: Self.headTrips, maxBytes: Self.headBytes) {
                    trips = head
                    backgroundRead = BackgroundRead(file, path: paths.target, fileSystem: fileSystem,
                                                    startNow: !options.readRestWhenAsked)
                }
            }
            if backgroundRead == nil {
                version = try reading { try file.version() ?? fileSystem.readVersion(of: paths.target) }
            }
        }
        if let version {
            (trips, ledger, newerSchema) = try contents(TripFileReader.result(version.data), of: version.data, notices: &notices)
            digest = ContentDigest(version.data)
        }
        self.trips = trips
        self.ledger = ledger
        hasUnsavedChanges = false
        newerSchemaVersion = newerSchema
        fileProblem = newerSchema.map(newerFileProblem)
        self.notices = notices
        loaded = version?.fingerprint
        loadedDigest = digest
    }

    /// Runs `read`, a step of reading the file, with its failure said as `StoreError.io`.
    private func reading<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as SystemCallError {
            let message = error.code == EINVAL ? "it is not a regular file" : error.description
            throw StoreError.io(path: url.path, operation: "read", message: message)
        }
    }

    /// The trips a read found, and the schema version of a newer roadtrip's file (which is not written). An
    /// unreadable file is copied aside and `StoreError.corrupt` thrown.
    private func contents(_ read: Result<TripFileContents, TripFileError>, of data: Data,
                          notices: inout [StoreNotice]) throws -> ([Trip], EditLedger, newerSchema: Int?) {
        switch read {
        case let .success(.current(trips, ledger)):
            return (trips, ledger, nil)
        case let .success(.newer(found, readable)):
            notices.append(.newerSchema(path: url.path, found: found, supported: TripDocument.currentSchemaVersion))
            return (readable ?? [], EditLedger(), found)
        case let .failure(error):
            throw quarantine(data, reason: error.description)
        }
    }

    private func newerFileProblem(_ version: Int) -> String {
        "\(url.path) was written by a newer roadtrip (schema version \(version))"
    }

    /// Copies an unreadable file aside and builds the error that says so.
    private func quarantine(_ data: Data, reason: String) -> StoreError {
        let copy = try? CorruptFileQuarantine.preserve(data, paths: paths, fileSystem: fileSystem)
        let backup = Backups.existing(paths, generations: options.backupGenerations, fileSystem: fileSystem).first
        return StoreError.corrupt(path: url.path, reason: reason, copy: copy, backup: backup)
    }

    /// Creates the data folder (0700) and any missing parents. Returns why not, if it cannot.
    private func createDirectory(_ path: String) -> String? {
        do {
            try fileSystem.mkdir(path, mode: 0o700)
        } catch let error as SystemCallError where error.code == EEXIST {
            return nil
        } catch let error as SystemCallError where error.code == ENOENT && path != "/" {
            if let problem = createDirectory((path as NSString).deletingLastPathComponent) { return problem }
            return createDirectory(path)
        } catch {
            return "cannot create the folder \(path) (\((error as? SystemCallError)?.message ?? "\(error)"))"
        }
        return nil
    }
}
