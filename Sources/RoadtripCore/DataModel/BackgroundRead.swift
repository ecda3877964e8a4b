import Foundation

/// Reads a whole trips file on another thread. A large file's list is drawn from its first trips
/// (`TripFileReader.head`) meanwhile; `TripStore.finishLoading` takes the result.
final class BackgroundRead: @unchecked Sendable {
    let data: Data
    private let done = DispatchGroup()
    /// Written once by the worker before it leaves `done`; read only after waiting on `done`.
    private var result: (Result<TripFileContents, TripFileError>, ContentDigest)?

    init(_ data: Data) {
        self.data = data
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = (TripFileReader.result(data), ContentDigest(data))
            done.leave()
        }
    }

    /// The outcome and the bytes' digest, waiting for them if the read is still going on.
    func wait() -> (Result<TripFileContents, TripFileError>, ContentDigest) {
        done.wait()
        return result!
    }

    /// Runs `action` on another thread once the read is over.
    func whenDone(_ action: @escaping @Sendable () -> Void) {
        done.notify(queue: .global(), execute: action)
    }
}
