import Dispatch
import Foundation
import RoadtripCore
import TerminalUI

/// Follows the data file's folder for what a sync tool does while the app runs (issue 36): a timer off the loop
/// looks once a second (a stat and a folder listing); when the file was replaced by another machine's version, or a
/// conflict copy appeared beside it, the loop merges them in (`TripStore.mergeChangesOnDisk`,
/// `foldConflictCopies`) as one undo step, saves after the frame and says so on the message line.
final class SyncFollower {
    private let store: TripStore
    private let saving: SaveAfterFrame
    private let history: ChangeHistory
    private let messages: MessageLine
    private let post: (@escaping () -> Void) -> Void
    private let queue = DispatchQueue(label: "roadtrip.sync-folder")
    private var timer: DispatchSourceTimer?
    /// The file as the last look saw it (off the loop only), and whether a merge is waiting on the loop.
    private var lastSeen: [Int]?
    private let pending = Pending()
    /// Copies that could not be merged, said once: tried again only when they change (on the loop).
    private var unmergeable: [String: [Int]] = [:]

    init(store: TripStore, saving: SaveAfterFrame, history: ChangeHistory, messages: MessageLine,
         post: @escaping (@escaping () -> Void) -> Void) {
        self.store = store
        self.saving = saving
        self.history = history
        self.messages = messages
        self.post = post
    }

    /// Merges what is there now (on the loop), then looks once a second until `stop()`.
    func start() {
        fold()
        let path = store.resolvedPath
        queue.async { [weak self] in self?.lastSeen = Self.version(of: path) }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.look() }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    /// Off the loop: whether the file changed since the last look, or a conflict copy lies beside it.
    private func look() {
        let path = store.resolvedPath
        let now = Self.version(of: path)
        let changed = now != lastSeen
        lastSeen = now
        let copies = (try? ConflictCopies.find(besides: URL(fileURLWithPath: path))) ?? []
        guard changed || !copies.isEmpty, pending.begin() else { return }
        post { [weak self] in
            guard let self else { return }
            let folded = self.fold()
            self.pending.end()
            // Not now (a save under way, a large file still arriving): the next look tries again.
            if !folded { self.queue.async { self.lastSeen = nil } }
        }
    }

    /// On the loop: merges the file's new version and the copies, unless a save is being written or the store may
    /// not write. Returns whether it looked.
    @discardableResult
    private func fold() -> Bool {
        guard store.access == .readWrite, !store.isLoading, !saving.isWriting else { return false }
        var said: [String] = []
        do {
            try history.record({ ChangeDescription("merge", "Merged", "another machine's version") },
                               saying: { _ in said.joined(separator: "; ") }) {
                let before = store.trips
                if (try? store.mergeChangesOnDisk()) == true {
                    said.append("merged the file a sync tool put in place: \(MergeSummary(from: before, to: store.trips))")
                }
                let folder = (store.resolvedPath as NSString).deletingLastPathComponent
                unmergeable = unmergeable.filter { Self.version(of: folder + "/" + $0.key) == $0.value }
                let folded = store.foldConflictCopies(skipping: Set(unmergeable.keys))
                for copy in folded where copy.summary == nil {
                    unmergeable[copy.copy.url.lastPathComponent] = Self.version(of: copy.copy.url.path)
                }
                said += folded.map(\.message)
            }
        } catch {
            said.append(StatusMessage.failure(error).text)
        }
        if store.hasUnsavedChanges { saving.markChanged() }
        if let problem = said.first(where: { $0.hasPrefix("left") }) { messages.show(problem, kind: .error) }
        return true
    }

    /// What tells one version of the file from another: its inode, size, and modification and change times.
    private static func version(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec,
                info.st_ctim.tv_nsec]
    }

    /// Whether a merge is on its way to the loop, so that looks do not pile them up (read and written on both).
    private final class Pending: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting = false

        func begin() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            if waiting { return false }
            waiting = true
            return true
        }

        func end() {
            lock.lock()
            waiting = false
            lock.unlock()
        }
    }
}
