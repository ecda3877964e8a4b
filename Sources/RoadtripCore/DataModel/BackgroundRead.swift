import Foundation

/// Reads the rest of a large trips file on another thread, and all of it again if it changed meanwhile, then
/// parses and digests it. The list is drawn from the file's first trips (`TripFileReader.head`) meanwhile;
/// `TripStore.finishLoading` takes the result.
final class BackgroundRead: @unchecked Sendable {
    /// The whole file, one version of it, and what it holds.
    struct Whole {
        let data: Data
        let fingerprint: FileFingerprint
        let result: Result<TripFileContents, TripFileError>
        let digest: ContentDigest
    }

    private let done = DispatchGroup()
    /// Written once by the worker before it leaves `done`; read only after waiting on `done`.
    private var outcome: Result<Whole, Error>?
    /// The read, until it starts (`start()`, or `wait()`); nil after.
    private var pending: (@Sendable () -> Void)?
    private let lock = NSLock()

    /// Takes `file` over (its first bytes read): no other thread may use it after this. The read starts now,
    /// or at `start()` when `startNow` is false (the app starts it once its first frame is drawn).
    init(_ file: FileVersionRead, path: String, fileSystem: FileSystem, startNow: Bool = true) {
        done.enter()
        pending = { [self] in
            outcome = Result {
                guard let version = try file.version() ?? fileSystem.readVersion(of: path) else {
                    throw SystemCallError("open", code: ENOENT)  // removed while it was read
                }
                return Whole(data: version.data, fingerprint: version.fingerprint,
                             result: TripFileReader.result(version.data, inTwoHalves: false), digest: ContentDigest(version.data))
            }
            done.leave()
        }
        if startNow { start() }
    }

    /// Starts the read on another thread, once (later calls do nothing).
    func start() {
        let read: (@Sendable () -> Void)? = lock.withLock {
            defer { pending = nil }
            return pending
        }
        if let read { DispatchQueue.global(qos: .userInitiated).async(execute: read) }
    }

    /// The outcome, waiting for it if the read is still going on.
    func wait() -> Result<Whole, Error> {
        start()
        done.wait()
        return outcome!
    }

    /// Runs `action` on another thread once the read is over.
    func whenDone(_ action: @escaping @Sendable () -> Void) {
        done.notify(queue: .global(), execute: action)
    }
}
