import Foundation

/// Work too long for a frame (a search, a pacing), run on a queue of its own, its answer posted to the loop unless
/// it was cancelled first: one at a time, a new start cancels the last; cancelled when its owner goes.
final class OffLoopWork {
    private let post: (@escaping () -> Void) -> Void
    private var running: Cancellation?

    /// `post` runs a closure on the loop (`AppContext.post`).
    init(post: @escaping (@escaping () -> Void) -> Void) {
        self.post = post
    }

    deinit {
        running?.cancel()
    }

    /// Runs `work` off the loop (it asks its argument whether to stop), then `done` on the loop with its answer.
    func start<Answer>(_ work: @escaping (_ isCancelled: @escaping () -> Bool) -> Answer,
                       done: @escaping (Answer) -> Void) {
        running?.cancel()
        let cancellation = Cancellation()
        running = cancellation
        let post = post
        DispatchQueue.global(qos: .userInitiated).async {
            let answer = work { cancellation.isCancelled }
            post {
                // Cancelled first: whoever asked is gone or said no, and nothing of this may reach the screen.
                if !cancellation.isCancelled { done(answer) }
            }
        }
    }

    func cancel() {
        running?.cancel()
        running = nil
    }
}

/// A flag set on the loop and read by the work's thread.
private final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}
