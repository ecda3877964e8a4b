import Foundation
import RoadtripTestSupport

/// A loopback HTTP "server" that accepts one connection, reads the request and never answers: for the
/// time-outs, and to see the request exactly as sent. Its thread gives up after 15 s.
///
/// Made `flooding`, it answers 200 with a body of that many bytes instead, until the client hangs up.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let flood: Int
    private let lock = NSLock()
    private var received = ""
    private var sent = 0
    private let finished = DispatchSemaphore(value: 0)

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(flooding flood: Int = 0) throws {
        self.flood = flood
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        } && listen(fd, 4) == 0
        guard listening else {
            close(fd)
            throw RoutingTools.Missing(description: "cannot listen on loopback: \(String(cString: strerror(errno)))")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        close(listener)
    }

    /// What arrived (waits for the thread to finish, at most 15 s).
    func request() -> String {
        waitUntilFinished()
        return lock.withLock { received }
    }

    /// The body bytes written before the client hung up (waits like `request`).
    func bodyBytesSent() -> Int {
        waitUntilFinished()
        return lock.withLock { sent }
    }

    /// At most 16 s; the signal is given back, for the next one asking.
    private func waitUntilFinished() {
        if finished.wait(timeout: .now() + 16) == .success { finished.signal() }
    }

    private func serve() {
        defer { finished.signal() }
        let deadline = Date().addingTimeInterval(15)
        guard let connection = waitForConnection(until: deadline) else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { return }
            guard poller.revents != 0 else { continue }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            let text = lock.withLock {
                received += String(decoding: buffer[0..<count], as: UTF8.self)
                return received
            }
            if text.contains("\r\n\r\n") { break }
        }
        if flood > 0 { return answer(flood, on: connection) }
        // Holds the connection open, silent, until the client gives up (reading returns 0) or the deadline.
        while Date() < deadline {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 && read(connection, &buffer, buffer.count) <= 0 { return }
        }
    }

    /// The 200 head, then `count` spaces (JSON's blank), stopping when the client hangs up.
    private func answer(_ count: Int, on connection: Int32) {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(count)\r\n\r\n".utf8)
        guard send(connection, head, head.count, Int32(MSG_NOSIGNAL)) == head.count else { return }
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65536)
        while lock.withLock({ sent }) < count {
            let written = send(connection, chunk, min(chunk.count, count - lock.withLock { sent }), Int32(MSG_NOSIGNAL))
            guard written > 0 else { return }
            lock.withLock { sent += written }
        }
    }

    private func waitForConnection(until deadline: Date) -> Int32? {
        while Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let connection = accept(listener, nil, nil)
                return connection >= 0 ? connection : nil
            }
        }
        return nil
    }
}
