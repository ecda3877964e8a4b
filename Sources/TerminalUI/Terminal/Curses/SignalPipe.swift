import Dispatch
import Glibc

/// Turns signals into bytes on a pipe that the input loop polls next to stdin, so signals
/// become ordinary events on the main thread and no work happens inside a signal handler.
/// Dispatch signal sources receive the signals; their dispositions are set to SIG_IGN so the
/// default actions (and ncurses' own handlers, installed only over SIG_DFL) stay out of the way.
final class SignalPipe {
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var sources: [DispatchSourceSignal] = []
    private var previousHandlers: [(Int32, sighandler_t?)] = []
    private let queue = DispatchQueue(label: "roadtrip.terminal.signals")

    /// `ignoring` get SIG_IGN while watched; `watching` only are observed (SIGCONT must still continue).
    init?(ignoring: [Int32], watching: [Int32]) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for signalNumber in ignoring {
            previousHandlers.append((signalNumber, signal(signalNumber, SIG_IGN)))
        }
        for signalNumber in ignoring + watching {
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            let fd = writeDescriptor
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(fd, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Wakes the input loop from any thread: a 0 byte, which no signal uses.
    func wake() {
        var byte: UInt8 = 0
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Signals (and 0 for a wake-up) that arrived since the last call, in order.
    func drain() -> [Int32] {
        defer { held = [] }
        return held + readArrived()
    }

    /// The first of `signals` that has arrived, taken out, for long work that must still answer it (reading a huge
    /// paste); the other signals read here are held for the next `drain()`.
    func takeArrived(of signals: Set<Int32>) -> Int32? {
        held += readArrived()
        guard let index = held.firstIndex(where: signals.contains) else { return nil }
        return held.remove(at: index)
    }

    private var held: [Int32] = []

    private func readArrived() -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            result.append(contentsOf: buffer[0..<count].map { Int32($0) })
        }
        return result
    }

    /// Stops watching and puts the previous dispositions back.
    func stop() {
        sources.forEach { $0.cancel() }
        sources.removeAll()
        queue.sync {}  // let a handler already running finish before its descriptor closes
        for (signalNumber, handler) in previousHandlers { signal(signalNumber, handler) }
        previousHandlers.removeAll()
        close(readDescriptor)
        close(writeDescriptor)
    }
}
