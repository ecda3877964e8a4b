import Foundation

/// One save of the trips file taken apart, so that its slow part — encoding and writing, about a second for a
/// 72 MB file — can run on another thread while the app takes keys: `TripStore.beginSave` makes it on the store's
/// thread, `run` does the work on any thread, `TripStore.endSave` takes its outcome back on the store's thread.
/// It holds copies of what it needs (the trips, the version of the file they came from), never the store.
public struct SaveJob: @unchecked Sendable {  // its file system is used by one thread at a time: the job's
    /// What a finished job found: the version it wrote, or why it wrote nothing.
    public struct Outcome: @unchecked Sendable {
        let generation: Int
        let result: Result<Written, Error>
    }

    struct Written {
        let fingerprint: FileFingerprint
        let digest: ContentDigest
        let directorySyncError: SystemCallError?
    }

    let trips: [Trip]
    let ledger: EditLedger
    /// Which change the trips are as of (`TripStore`'s count of changes): a later one keeps the store unsaved.
    let generation: Int
    let url: URL
    let paths: StorePaths
    let fileSystem: FileSystem
    let backupGenerations: Int
    /// The version of the file the trips came from (or were last saved as), and its bytes digested.
    var loaded: FileFingerprint?
    let loadedDigest: ContentDigest?

    /// Writes the trips, unless the file changed since `loaded`: the checks and steps of `TripStore.save`.
    public func run() -> Outcome {
        var job = self
        return Outcome(generation: generation, result: Result { try job.write() })
    }

    private mutating func write() throws -> Written {
        let onDisk = try unchangedVersion()
        let data: Data
        do {
            data = try TripDocument.encode(TripDocument(trips: trips, ledger: ledger))
        } catch {
            throw StoreError.io(path: url.path, operation: "encode the trips for", message: "\(error)")
        }
        do {
            let outcome = try AtomicFile.replace(
                paths, with: data, mode: onDisk.map { $0.st_mode & 0o7777 } ?? 0o600,
                owner: onDisk.map { ($0.st_uid, $0.st_gid) }, fileSystem: fileSystem,
                beforeRename: {
                    // Again: writing the new version took a while, and another program may have written meanwhile.
                    _ = try unchangedVersion()
                    if onDisk != nil {
                        try Backups.rotate(paths, generations: backupGenerations, fileSystem: fileSystem)
                    }
                })
            return Written(fingerprint: outcome.fingerprint, digest: ContentDigest(data),
                           directorySyncError: outcome.directorySyncError)
        } catch let error as SystemCallError {
            throw StoreError.io(path: url.path, operation: "save", message: error.description)
        }
    }

    /// The file as it is now, after checking that it is still the version `trips` came from (or was saved as).
    private mutating func unchangedVersion() throws -> stat? {
        let onDisk = try currentVersion()
        let current = onDisk.map(FileFingerprint.init)
        if current == loaded { return onDisk }
        // Only the change time differs: a chmod, a chown or a hard link (a failed save's backup too), or an edit
        // that put the modification time back. The bytes tell which.
        guard let current, let loaded, current.equalsIgnoringChangeTime(loaded), holdsLoadedBytes(current) else {
            throw StoreError.changedOnDisk(path: url.path)
        }
        self.loaded = current
        return onDisk
    }

    /// Whether the file, now at version `current`, holds the bytes that `trips` came from (or was saved as).
    private func holdsLoadedBytes(_ current: FileFingerprint) -> Bool {
        guard let loadedDigest, let version = try? fileSystem.readVersion(of: paths.target) else { return false }
        return version.fingerprint == current && ContentDigest(version.data) == loadedDigest
    }

    /// The file as it is now, or nil if there is none. A path whose symbolic link now points elsewhere
    /// counts as a change.
    private func currentVersion() throws -> stat? {
        do {
            guard try StorePaths.resolve(paths.requested, fileSystem: fileSystem) == paths else {
                throw StoreError.changedOnDisk(path: url.path)
            }
            return try fileSystem.stat(paths.target)
        } catch let error as SystemCallError where error.code == ENOENT {
            return nil
        } catch let error as SystemCallError {
            throw StoreError.io(path: url.path, operation: "check", message: error.description)
        }
    }
}
